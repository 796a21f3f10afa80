const POLL_INTERVAL_MS = 100;
const SHOWN_VALUE_CHARS = 2_000;

/**
 * Polls `probe` until `accept` holds and returns that value. When the time is up first it throws, showing the last
 * value: a wait that cannot fail would let a test carry on as if the awaited thing had happened.
 */
export async function eventually<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const { value, accepted } = await poll(probe, accept, timeoutMs);
  if (!accepted) throw new Error(`eventually: timed out after ${timeoutMs} ms; last value: ${shown(value)}`);
  return value;
}

/**
 * Polls `probe` until `accept` holds or the time is up, and returns the last value either way. Only for a test that
 * needs the value a timeout left behind: one asserting that something did NOT happen within the time, or one that
 * prints its own diagnostics before its own `expect`. Everywhere else `eventually` is the wait that can fail.
 */
export async function lastValueWithin<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  return (await poll(probe, accept, timeoutMs)).value;
}

async function poll<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs: number,
): Promise<{ value: T; accepted: boolean }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return { value, accepted: true };
    if (Date.now() > deadline) return { value, accepted: false };
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

function shown(value: unknown): string {
  let text: string | undefined;
  try {
    // Checkpoint positions are BigInt, which JSON refuses.
    text = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? `${item}n` : item));
  } catch {
    // A circular value: its String() form still tells something of what the wait saw.
  }
  text ??= String(value);
  return text.length > SHOWN_VALUE_CHARS ? `${text.slice(0, SHOWN_VALUE_CHARS)}… (${text.length} chars)` : text;
}
