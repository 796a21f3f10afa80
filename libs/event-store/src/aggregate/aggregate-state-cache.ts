/** Streams remembered per process by default: a few MiB of small states, the busiest streams kept. */
export const DEFAULT_AGGREGATE_STATES = 10_000;

/** A stream's state as a decider folded it, through `revision` (the stream's event at that revision). */
export interface CachedAggregate<TState> {
  state: TState;
  revision: bigint;
  /** The id of the event at `revision`: the tail read checks the log still holds it there. */
  lastEventId: string;
}

interface Entry {
  decider: object;
  state: unknown;
  revision: bigint;
  lastEventId: string;
}

/**
 * The last state this process decided or loaded for a stream, per decider, at its revision: the
 * next command on the stream reads only the events after it instead of the whole stream. A
 * reusable virtual account paid a thousand times would otherwise fold a thousand payments on
 * every payment (quadratic over its life).
 *
 * Safe by construction: a stream only grows, revisions are consecutive, and states are immutable
 * (deciders are pure: `evolve` returns a new state). The tail is read from the cached revision on,
 * and used only when the log still holds the cached last event there (a log restored or rewritten
 * under the process is read whole instead); another process's appends are in the tail; the append
 * still carries the expected revision. The least recently used stream is forgotten beyond `capacity`.
 */
export class AggregateStateCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity = DEFAULT_AGGREGATE_STATES) {}

  /** The state `decider` last reached on `stream`, or undefined (never seen, forgotten, another decider). */
  get<TState>(stream: string, decider: object): CachedAggregate<TState> | undefined {
    const entry = this.entries.get(stream);
    if (!entry || entry.decider !== decider) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.delete(stream);
    this.entries.set(stream, entry);
    return { state: entry.state as TState, revision: entry.revision, lastEventId: entry.lastEventId };
  }

  /** Remembers a state the log holds (loaded, or just appended) unless an older one would replace a newer. */
  remember<TState>(stream: string, decider: object, aggregate: CachedAggregate<TState>): void {
    const known = this.entries.get(stream);
    if (known && known.decider === decider && known.revision > aggregate.revision) return;
    this.entries.delete(stream);
    this.entries.set(stream, { decider, ...aggregate });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  forget(stream: string): void {
    this.entries.delete(stream);
  }

  get size(): number {
    return this.entries.size;
  }
}
