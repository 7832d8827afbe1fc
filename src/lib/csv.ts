/**
 * CSV the one way the app writes it (RFC 4180, safe to open in a spreadsheet): every export that
 * offers CSV (search results, notes) builds its rows here.
 */

/**
 * One CSV field: a cell a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return) gets a leading apostrophe; a field holding a comma, a quotation mark or a line
 * break is quoted, its quotation marks doubled.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row, ended with CRLF: what a file written a part at a time (a streamed export) adds. */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** A header row and the rows, each line ended with CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map(csvLine).join('');
}
