/**
 * Patient-name folding for searches: accents dropped and lower case, by one fixed character
 * table (no lower(): its result depends on the locale) that the database applies too (patients.name_search, migration 20261127120000), so a
 * folded query matches the folded column whatever the database's locale.
 */
export const FOLD_FROM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖØóòôõöøÚÙÛÜúùûüÇçÑñÝýÿ';
export const FOLD_TO = 'abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooooouuuuuuuuccnnyyy';

const MAP = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]!]));

/** The same as SQL `translate(s, FOLD_FROM, FOLD_TO)` (ASCII lower case included in the table). */
export function foldName(s: string): string {
  return [...s].map((c) => MAP.get(c) ?? c).join('');
}
