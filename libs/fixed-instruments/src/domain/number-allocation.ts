/**
 * Where an instrument's numbers come from: a prefix (a VA's merchant code, a code's prefix) and
 * an inclusive range of suffixes of a fixed width. Candidates are probed from an offset (random,
 * or derived from a request's idempotency key, so a re-execution meets what it opened).
 */
export interface NumberRange {
  merchantCode: string;
  start: bigint;
  end: bigint;
  /** Digits of every suffix. */
  width: number;
}

export function numberRange(merchantCode: string, rangeStart: string, rangeEnd: string): NumberRange {
  return { merchantCode, start: BigInt(rangeStart), end: BigInt(rangeEnd), width: rangeStart.length };
}

export function rangeSize(range: NumberRange): bigint {
  return range.end - range.start + 1n;
}

/** The suffix at `offset` from the range start, zero-padded to the range's width. */
export function suffixAt(range: NumberRange, offset: bigint): string {
  return (range.start + (offset % rangeSize(range))).toString().padStart(range.width, '0');
}

export function fullNumber(range: NumberRange, suffix: string): string {
  return `${range.merchantCode}${suffix}`;
}

/** A probing offset from 64 bits of a uuid (random, or derived from a request's key). */
export function offsetFrom(uuid: string): bigint {
  return BigInt(`0x${uuid.replace(/-/g, '').slice(0, 16)}`);
}

/** Up to `maxProbes` consecutive suffixes of the range from `offset` (the whole range when it is smaller). */
export function* probeSuffixes(range: NumberRange, offset: bigint, maxProbes: number): Generator<string> {
  const size = rangeSize(range);
  const start = offset % size;
  const probes = size < BigInt(maxProbes) ? size : BigInt(maxProbes);
  for (let i = 0n; i < probes; i += 1n) yield suffixAt(range, start + i);
}

/** `digits` decimal digits drawn from a uuid (random, or derived from a request's key), zero-padded. */
export function digitsFrom(uuid: string, digits: number): string {
  return (offsetFrom(uuid) % BigInt(10 ** digits)).toString().padStart(digits, '0');
}
