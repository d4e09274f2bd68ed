/** Text folding shared by the workspace searches: case- and accent-insensitive. */

/** Lower case without diacritics ('Crânio' → 'cranio'). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The accented letters the database folds with `translate(lower(x), FOLD_FROM, FOLD_TO)`
 * (no `unaccent` extension needed, so it runs on PGlite too). Same result as foldText for
 * Portuguese and Spanish text.
 */
export const FOLD_FROM = 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ';
export const FOLD_TO = foldText(FOLD_FROM);
