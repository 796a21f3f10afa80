/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe: an
 * external id or a payer's name is data, never a formula (OWASP "CSV injection"). Numbers are
 * written as numbers.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
