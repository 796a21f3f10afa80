/** Runs of `%XX` escapes; anything else in the text is a character as the client sent it. */
const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * What a `%` that starts no escape (`%`, `%4`, `%zz`) is: refused in a path (the router's
 * `decodeURIComponent` throws on it), a character as sent in a query (Node's `querystring` keeps
 * it, and xendit-node puts values such as `50% off` in the URL unencoded).
 */
export type BarePercent = 'refused' | 'literal';

/**
 * `text` percent-decoded, or `undefined` when it cannot be: escapes whose bytes are not UTF-8 (a
 * lone surrogate `%ED%A0%80`, a truncated `%E0%A4%A`, an overlong `%C0%AF`), or a bare `%` where
 * it is refused. `decodeURIComponent` throws on these, but Node's `querystring` (Express 5's
 * query parser) answers bad bytes with U+FFFD instead, silently. Each run of escapes is decoded
 * alone: a character between two escapes ends any multi-byte sequence.
 */
export function strictPercentDecode(text: string, bare: BarePercent = 'refused'): string | undefined {
  if (!text.includes('%')) return text;
  if (bare === 'refused' && text.replace(ESCAPE_RUN, '').includes('%')) return undefined;
  try {
    return text.replace(ESCAPE_RUN, (run) =>
      strictUtf8.decode(Uint8Array.from(run.slice(1).split('%'), (hex) => Number.parseInt(hex, 16))),
    );
  } catch {
    return undefined;
  }
}
