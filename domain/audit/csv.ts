/**
 * CSV for the audit export (RFC 4180): every cell quoted, quotes doubled, CRLF line ends.
 * A cell a spreadsheet would read as a formula (starting with = + - @, or a tab / carriage
 * return before one) gets a leading apostrophe, so opening the file runs nothing.
 */
import { formulaSafe } from '../formula-safe';

export function csvCell(value: string | number | null | undefined): string {
  const text = formulaSafe(value === null || value === undefined ? '' : String(value));
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]): string => `${cells.map(csvCell).join(',')}\r\n`;
