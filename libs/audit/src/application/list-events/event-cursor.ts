import { invalidField } from '@gateway/domain';

/**
 * Opaque page cursors: `r<revision>` in a stream, `p<position>` in a request's events,
 * `t<microseconds>_<position>` in a business's history. A cursor of another listing is refused.
 */
type CursorKind = 'revision' | 'position' | 'time';
type CursorValue<K extends CursorKind> = K extends 'time' ? { recordedMicros: bigint; position: bigint } : bigint;

const PATTERNS: Record<CursorKind, RegExp> = {
  revision: /^r(\d{1,18})$/,
  position: /^p(\d{1,18})$/,
  time: /^t(-?\d{1,18})_(\d{1,18})$/,
};

export function encodeCursor<K extends CursorKind>(kind: K, value: CursorValue<K>): string {
  if (kind === 'time') {
    const { recordedMicros, position } = value as CursorValue<'time'>;
    return `t${recordedMicros.toString()}_${position.toString()}`;
  }
  return `${kind === 'revision' ? 'r' : 'p'}${(value as bigint).toString()}`;
}

export function decodeCursor<K extends CursorKind>(cursor: string | undefined, kind: K): CursorValue<K> | undefined {
  if (cursor === undefined) return undefined;
  const match = PATTERNS[kind].exec(cursor);
  if (!match)
    throw invalidField(
      ['cursor'],
      'cursor is not a cursor of this listing: pass back next_cursor unchanged',
      'isCursor',
      'query',
    );
  if (kind === 'time') return { recordedMicros: BigInt(match[1]), position: BigInt(match[2]) } as CursorValue<K>;
  return BigInt(match[1]) as CursorValue<K>;
}
