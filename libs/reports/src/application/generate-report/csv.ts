/** One CSV line (RFC 4180): fields with a comma, quote or line break are quoted. */
export function csvLine(fields: readonly (string | number | bigint | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

function csvField(value: string | number | bigint | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // A leading =, +, - or @ would make a spreadsheet run the cell as a formula: finance opens these files.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
