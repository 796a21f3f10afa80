import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { Mode } from '@gateway/clock';

/**
 * What names one execution of a keyed request: the idempotency key in its scope (business and
 * mode), and the generation of its idempotency record. The generation is random, kept when a
 * crashed or hung claim is taken over (the retry is the SAME request) and renewed when an expired
 * key is used again (a new request). Being random and never sent anywhere, it also keeps the ids
 * derived from it unguessable (checkout tokens, for one, come from IdGenerator).
 */
export interface KeyedExecutionIdentity {
  businessId: string;
  mode: Mode;
  key: string;
  generation: string;
}

/** The event ids one append of a keyed execution gets, by index inside the append. */
export interface KeyedAppendSlot {
  readonly streamName: string;
  /** Which of this execution's appends to the stream it is (0 for its first). */
  readonly ordinal: number;
  eventId(index: number): string;
  /**
   * The append wrote nothing and will not be tried again with these ids (a claim another stream
   * holds refused it): the next append to the stream takes this slot again, so a re-execution,
   * which meets the stream its first execution wrote instead of the refusal, looks for the ids
   * that were written. Nothing happens if another append to the stream started since.
   */
  giveBack(): void;
}

/**
 * The identity of everything a keyed request creates, derived from its key: resource ids (the
 * n-th `IdGenerator.uuid()` of the execution) and event ids (the i-th event of the n-th append to
 * a stream). A re-execution of the same request (same key, same generation) follows the same path,
 * so it mints the same ids and meets its own committed events instead of acting again
 * (docs/reliability.md, "Keyed requests across crashes").
 */
export class KeyedExecution {
  private minted = 0;
  private readonly appendsPerStream = new Map<string, number>();

  constructor(readonly seed: string) {}

  static of(identity: KeyedExecutionIdentity): KeyedExecution {
    const seed = createHash('sha256')
      .update(
        JSON.stringify(['keyed-execution', identity.businessId, identity.mode, identity.key, identity.generation]),
      )
      .digest('hex');
    return new KeyedExecution(seed);
  }

  /** The execution's next resource id. */
  nextUuid(): string {
    return derivedUuid(this.seed, 'id', String(this.minted++));
  }

  /**
   * Takes the execution's next append slot on `streamName`. Taken when an append is STARTED (not
   * when it succeeds), so two concurrent appends of one execution to one stream never share ids,
   * and a re-execution, which starts the same appends in the same order, gets the same slots.
   */
  nextAppend(streamName: string): KeyedAppendSlot {
    const ordinal = this.appendsPerStream.get(streamName) ?? 0;
    this.appendsPerStream.set(streamName, ordinal + 1);
    const seed = this.seed;
    return {
      streamName,
      ordinal,
      eventId: (index) => derivedUuid(seed, 'event', streamName, String(ordinal), String(index)),
      giveBack: () => {
        if (this.appendsPerStream.get(streamName) === ordinal + 1) this.appendsPerStream.set(streamName, ordinal);
      },
    };
  }
}

/**
 * A uuid from a hash of its parts (RFC 9562 version 8, "custom": SHA-256 based). Parts are
 * length-prefixed, so no two different part lists give the same input.
 */
export function derivedUuid(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:${part};`);
  const hex = hash.digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return (
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-` +
    `${hex.slice(20, 32)}`
  );
}

const storage = new AsyncLocalStorage<KeyedExecution>();
/** Keyed executions in flight in this process. */
let running = 0;

/**
 * Runs `work` as the keyed execution: ids minted and events appended inside it, across awaits,
 * derive from it. Outside any keyed execution the storage is disabled: on Node 20 an enabled
 * AsyncLocalStorage turns on promise hooks that slow every promise of the process (measured: 3
 * times slower await loops), so unkeyed traffic pays nothing once the last keyed one is done.
 */
export async function runInKeyedExecution<T>(execution: KeyedExecution, work: () => Promise<T>): Promise<T> {
  running += 1;
  try {
    return await storage.run(execution, work);
  } finally {
    running -= 1;
    if (running === 0) storage.disable();
  }
}

/** The keyed execution the caller runs in, if any. */
export function currentKeyedExecution(): KeyedExecution | undefined {
  return running === 0 ? undefined : storage.getStore();
}

/**
 * Runs `work` outside any keyed execution. For work started from a request that is not that
 * request's own, e.g. a batch that also serves other requests: its ids must not come from (nor
 * advance) the request's sequence.
 */
export function outsideKeyedExecution<T>(work: () => T): T {
  return running === 0 ? work() : storage.exit(work);
}
