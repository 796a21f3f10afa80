/** A stored body: its first `limit` bytes (UTF-8), and whether anything was cut. */
export interface CappedText {
  text: string;
  truncated: boolean;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');
const REPLACEMENT = '\uFFFD';

/**
 * The longest prefix of `text` that fits in `limitBytes` of UTF-8, never ending in half a
 * character: the request log keeps each body's beginning, which is where an API answer says
 * what it is (id, status, error_code).
 */
export function capText(text: string, limitBytes: number): CappedText {
  // A UTF-16 unit is at most 3 UTF-8 bytes: most bodies fit without encoding them.
  if (text.length * 3 <= limitBytes) return { text, truncated: false };
  const bytes = encoder.encode(text);
  if (bytes.length <= limitBytes) return { text, truncated: false };
  let prefix = decoder.decode(bytes.subarray(0, limitBytes));
  // A character cut in two decodes as U+FFFD at the end: drop it (a real one would be lost too, which is harmless).
  while (prefix.endsWith(REPLACEMENT)) prefix = prefix.slice(0, -1);
  return { text: prefix, truncated: true };
}
