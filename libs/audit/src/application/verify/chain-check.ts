import {
  asStored,
  CHAIN_START,
  chainHash,
  chainHashOf,
  positionToJson,
  type RecordedEvent,
} from '@gateway/event-store';

export interface BrokenLink {
  stream: string;
  revision: string;
  eventId?: string;
  position?: { commit: string; prepare: string };
  reason: string;
}

interface StreamHead {
  revision: bigint;
  hash: string;
  /** Events that arrived ahead of their predecessor (global order may interleave a stream's concurrent appends). */
  early?: Map<bigint, RecordedEvent>;
}

/**
 * Recomputes every stream's hash chain from events fed in global order. Memory grows with the
 * number of streams (one head each), not with the number of events.
 */
export class ChainCheck {
  private readonly heads = new Map<string, StreamHead>();
  readonly broken: BrokenLink[] = [];
  brokenCount = 0;
  events = 0;

  get streams(): number {
    return this.heads.size;
  }

  /** Takes events as read (possibly upcast) and checks them as stored: the chain covers the stored bytes. */
  add(read: RecordedEvent): void {
    const event = asStored(read);
    this.events += 1;
    const head = this.heads.get(event.streamName);
    const expected = head ? head.revision + 1n : 0n;
    if (event.revision !== expected) {
      if (event.revision > expected) {
        const current = head ?? { revision: -1n, hash: CHAIN_START };
        current.early ??= new Map();
        current.early.set(event.revision, event);
        this.heads.set(event.streamName, current);
      } else {
        this.report(event, `revision ${event.revision.toString()} appears twice`);
      }
      return;
    }
    this.link(event, head?.hash ?? CHAIN_START, head?.early);
  }

  /** Streams whose chain has a hole: an event was removed. */
  finish(): void {
    for (const [stream, head] of this.heads) {
      if (!head.early || head.early.size === 0) continue;
      const next = [...head.early.keys()].sort((a, b) => (a < b ? -1 : 1))[0];
      this.report(
        { stream, revision: (head.revision + 1n).toString() },
        `revision ${(head.revision + 1n).toString()} is missing (the stream goes on at ${next.toString()})`,
      );
    }
  }

  private link(event: RecordedEvent, previous: string, early: Map<bigint, RecordedEvent> | undefined): void {
    const recomputed = chainHash(previous, event);
    const stored = chainHashOf(event.metadata);
    if (stored !== recomputed) {
      this.report(
        event,
        stored === undefined
          ? 'no chain hash'
          : 'the event does not match its chain hash (altered, or its predecessor was)',
      );
    }
    // Continue from the stored hash, so one altered event is reported once, not with all its successors.
    const head: StreamHead = { revision: event.revision, hash: stored ?? recomputed, early };
    this.heads.set(event.streamName, head);
    const successor = early?.get(event.revision + 1n);
    if (successor) {
      early!.delete(successor.revision);
      this.link(successor, head.hash, early);
    }
  }

  private report(event: RecordedEvent | { stream: string; revision: string }, reason: string): void {
    this.brokenCount += 1;
    if (this.broken.length >= 100) return;
    this.broken.push(
      'streamName' in event
        ? {
            stream: event.streamName,
            revision: event.revision.toString(),
            eventId: event.id,
            position: positionToJson(event.position),
            reason,
          }
        : { ...event, reason },
    );
  }
}
