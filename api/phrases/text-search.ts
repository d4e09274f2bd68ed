import { FOLD_FROM, FOLD_TO, foldText } from '../../domain/workspace/text';

/** `LIKE` pattern characters escaped (Postgres' default escape is the backslash). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/**
 * A case- and accent-insensitive `column LIKE %text%` for `whereRaw` / `orWhereRaw`:
 * the column is folded in SQL the way foldText folds the text.
 */
export function foldedContains(column: string, text: string): [string, string[]] {
  return ['translate(lower(??), ?, ?) like ?', [column, FOLD_FROM, FOLD_TO, `%${escapeLike(foldText(text))}%`]];
}

/** A case- and accent-insensitive `column = text`. */
export function foldedEquals(column: string, text: string): [string, string[]] {
  return ['translate(lower(??), ?, ?) = ?', [column, FOLD_FROM, FOLD_TO, foldText(text)]];
}
