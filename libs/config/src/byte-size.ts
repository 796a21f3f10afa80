const UNITS: Record<string, number> = { '': 1, b: 1, kb: 1024, mb: 1024 * 1024 };

/** `"1048576"`, `"512kb"`, `"1mb"` (case-insensitive, binary units) as bytes; NaN when unreadable. */
export function parseByteSize(value: string): number {
  const match = /^(\d{1,12})\s*(b|kb|mb)?$/i.exec(value.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * UNITS[(match[2] ?? '').toLowerCase()];
}
