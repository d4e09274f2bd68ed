/**
 * The user list as a table for CSV and XLSX (issue 14). A cell a spreadsheet would read as a
 * formula (=, +, -, @, tab, carriage return first) is prefixed with an apostrophe (OWASP CSV
 * injection), in both formats.
 */

import { formulaSafe } from '../formula-safe';

export { formulaSafe };

/** One CSV field (RFC 4180): quoted when it holds a separator, a quote or a line break. */
export function csvField(value: string): string {
  const v = formulaSafe(value);
  return /[";,\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export const csvLine = (cells: readonly string[]): string => `${cells.map(csvField).join(',')}\r\n`;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Text inside XML; characters XML 1.0 cannot hold are dropped. */
export const xmlText = (value: string): string =>
  // eslint-disable-next-line no-control-regex
  value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/[&<>"]/g, (c) => XML_ESCAPES[c]!);

/** 0 → 'A', 26 → 'AA'. */
export function columnName(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** One worksheet row of inline strings (no shared-string table: rows stream as they come). */
export function xlsxRow(rowIndex: number, cells: readonly string[]): string {
  const r = rowIndex + 1;
  const cs = cells
    .map(
      (c, i) => `<c r="${columnName(i)}${r}" t="inlineStr"><is><t xml:space="preserve">${xmlText(formulaSafe(c))}</t></is></c>`,
    )
    .join('');
  return `<row r="${r}">${cs}</row>`;
}
