/**
 * Cells a spreadsheet would read as a formula (starting with = + - @, or a tab / carriage return
 * before one) get a leading apostrophe, so opening an export runs nothing (OWASP CSV injection).
 * One rule for every export: the audit CSV, the user list's CSV and XLSX.
 */
export const formulaSafe = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
