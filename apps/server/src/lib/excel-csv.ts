/**
 * CSV files that French Excel opens as they are: UTF-8 with a BOM (or accents come out garbled),
 * semicolons (Excel's separator under a French locale) and CRLF line ends. Every export of the
 * platform writes through here.
 */

export const EXCEL_CSV_BOM = '\uFEFF';

/**
 * One cell: quoted when it holds the separator, a quote or a line break, and prefixed with an
 * apostrophe when it starts like a formula, so a name such as "=HYPERLINK(…)" typed by a learner
 * is shown, never run, on the reader's machine.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(';')}\r\n`;

/** A whole small file: the header line, then one line per row. Stream `csvLine`s for large ones. */
export function excelCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return EXCEL_CSV_BOM + csvLine(header) + rows.map(csvLine).join('');
}
