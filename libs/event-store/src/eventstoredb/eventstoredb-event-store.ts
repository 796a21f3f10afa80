import { randomUUID } from 'node:crypto';
import {
  type AllStreamResolvedEvent,
  type AppendResult as EsdbAppendResult,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  type JSONType,
  jsonEvent,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { CHAIN_START, chainHashOf, sealEvents } from '../chain/chain-hash';
import { assertDistinctClaims } from '../claim-keys';
import type { EventMetadata, GlobalPosition, NewEvent, RecordedEvent } from '../event-envelope';
import {
  ClaimTakenError,
  DuplicateEventIdError,
  EventStoreUnavailableError,
  WrongExpectedRevisionError,
} from '../event-store.errors';
import type {
  AppendOptions,
  AppendResult,
  Claim,
  ClaimHolder,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  SubscribeOptions,
} from '../event-store.port';
import {
  actualRevisionOf,
  isAfter,
  isConnectionFailure,
  toEsdbExpectedRevision,
  toEsdbPosition,
  toGlobalPosition,
  toRecordedEvent,
} from './eventstoredb-mapping';
import { catchUpThenFollow, type LiveFeed, type ReconnectPolicy } from './eventstoredb-subscription';
import { EventSchemaRegistry } from '../schema/event-schema-registry';

const DEFAULT_PAGE = 1000;
/** Raw $all reads skip system events client-side; small pages would mean many round trips. */
const MIN_RAW_PAGE = 128;
const DEFAULT_PING_TIMEOUT_MS = 5_000;
/** Re-seals of an `any` append that lost a race; each loss means another writer made progress. */
const MAX_SEAL_ATTEMPTS = 20;

export interface EventStoreDbEventStoreOptions {
  /** How long `ping` waits for an answer; reads carry no gRPC deadline of their own. */
  pingTimeoutMs?: number;
  /** How `subscribeToAll` reconnects after the server drops it. */
  reconnect?: ReconnectPolicy;
  /** Versions stamped on append and upcasters applied to every event read (the app passes the full registry). */
  schemas?: EventSchemaRegistry;
}

/**
 * The EventStoreDB adapter (design §3): streams and $all map one to one. System events
 * ($-prefixed types or streams) are hidden from `readAll` and `subscribeToAll`.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  /** Ends running subscriptions on close: they would otherwise treat the disposal as a drop and resubscribe. */
  private readonly closing = new AbortController();
  private readonly schemas: EventSchemaRegistry;

  constructor(
    connectionString: string,
    private readonly options: EventStoreDbEventStoreOptions = {},
  ) {
    this.client = EventStoreDBClient.connectionString(connectionString);
    this.schemas = options.schemas ?? EventSchemaRegistry.unversioned();
  }

  /**
   * Appends with the tamper-evidence chain computed here (EventStoreDB has no server-side
   * hook): the stream's last event gives the previous hash, and the append is made against
   * that exact revision so no other writer can slip in between. With `any`, a concurrent
   * writer only means reading the new last event and sealing again.
   */
  async append(
    streamName: string,
    events: NewEvent[],
    expected: ExpectedRevision,
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    toEsdbExpectedRevision(expected); // refuses a negative revision before any round trip
    if (options.claims) assertDistinctClaims(options.claims);
    for (let attempt = 1; ; attempt += 1) {
      const [last] = await this.readStream(streamName, { direction: 'backwards', maxCount: 1 });
      const actual: bigint | 'no_stream' = last ? last.revision : 'no_stream';
      if (expected !== 'any' && expected !== actual) throw new WrongExpectedRevisionError(streamName, expected, actual);
      // Appending against an exact revision defeats the server's own idempotency on event ids
      // for a retried append: a retry finds its events at the end of the stream.
      if (last && events.some((event) => event.id === last.id)) throw new DuplicateEventIdError(last.id);
      // EventStoreDB has no transaction across streams: once the revision holds (as PostgreSQL checks
      // it first), each key is a claim stream written before the events, guarded by its own revision
      // (as the reservation streams were); a crash before the events leaves the keys held until their `until`.
      if (attempt === 1)
        for (const claim of options.claims ?? []) await this.takeClaim(streamName, claim, events[0].metadata);
      const stamped = events.map((event) => this.schemas.stamp(event));
      const previousHash = last ? (chainHashOf(last.metadata) ?? CHAIN_START) : CHAIN_START;
      const sealed = sealEvents(streamName, previousHash, last ? last.revision + 1n : 0n, stamped);
      try {
        return await this.appendExactly(streamName, sealed, actual);
      } catch (error) {
        if (expected === 'any' && error instanceof WrongExpectedRevisionError && attempt < MAX_SEAL_ATTEMPTS) continue;
        if (error instanceof WrongExpectedRevisionError)
          throw new WrongExpectedRevisionError(streamName, expected, error.actual);
        throw error;
      }
    }
  }

  async claimHolder(key: string): Promise<ClaimHolder | undefined> {
    const [last] = await this.readStream(claimStreamOf(key), { direction: 'backwards', maxCount: 1 });
    if (!last) return undefined;
    const held = last.data as ClaimHeldData;
    return { stream: held.stream, until: new Date(held.until) };
  }

  /**
   * Appends `ClaimHeld` (with the claiming events' metadata) to the key's claim stream at the
   * revision it was read at, or ClaimTakenError.
   */
  private async takeClaim(streamName: string, claim: Claim, metadata: EventMetadata): Promise<void> {
    const claimStream = claimStreamOf(claim.key);
    const [last] = await this.readStream(claimStream, { direction: 'backwards', maxCount: 1 });
    if (last) {
      const held = last.data as ClaimHeldData;
      if (held.stream !== streamName && new Date(held.until).getTime() > claim.at.getTime())
        throw new ClaimTakenError(claim.key);
    }
    const data: ClaimHeldData = { stream: streamName, until: claim.until.toISOString(), at: claim.at.toISOString() };
    try {
      await this.append(
        claimStream,
        [{ id: randomUUID(), type: CLAIM_HELD, data, metadata }],
        last?.revision ?? 'no_stream',
      );
    } catch (error) {
      // Another claimant wrote the claim stream between the read and the append.
      if (error instanceof WrongExpectedRevisionError) throw new ClaimTakenError(claim.key);
      throw error;
    }
  }

  private async appendExactly(
    streamName: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const proposed = events.map(({ id, type, data, metadata }) =>
      // JSON.stringify(undefined) yields nothing, which the client cannot encode.
      jsonEvent({ id, type, data: (data === undefined ? null : data) as JSONType, metadata }),
    );
    let result: EsdbAppendResult;
    try {
      result = await this.client.appendToStream(streamName, proposed, {
        expectedRevision: toEsdbExpectedRevision(expected),
      });
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = actualRevisionOf(error) ?? (await this.currentRevision(streamName));
        throw new WrongExpectedRevisionError(streamName, expected, actual);
      }
      throw translateError(error);
    }
    // Only when the connection string sets throwOnAppendFailure=false; its revision is unreliable.
    if (!result.success) {
      throw new WrongExpectedRevisionError(streamName, expected, await this.currentRevision(streamName));
    }
    const position = result.position ?? (await this.positionOfRevision(streamName, result.nextExpectedRevision));
    return { nextExpectedRevision: result.nextExpectedRevision, position: toGlobalPosition(position) };
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const read = this.client.readStream(streamName, {
      direction: backwards ? BACKWARDS : FORWARDS,
      fromRevision: options.fromRevision ?? (backwards ? END : START),
      ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
    });
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of read) {
        const event = toRecordedEvent(resolved, this.schemas);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw translateError(error);
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const wanted = options.maxCount ?? DEFAULT_PAGE;
    const events: RecordedEvent[] = [];
    let cursor = options.after;
    // System events are dropped after reading, so a page may come back short or empty while
    // the log goes on: keep reading until the page is full or the log is exhausted, because
    // an empty page means "the end of the log" to our callers.
    while (events.length < wanted) {
      const rawPageSize = Math.max(wanted - events.length + 1, MIN_RAW_PAGE);
      const raw = await this.readAllRaw(cursor, rawPageSize);
      for (const resolved of raw) {
        const position = resolved.event?.position;
        // Reading $all from a position includes the event at that position: skip it.
        if (!position || !isAfter(toGlobalPosition(position), cursor)) continue;
        const event = toRecordedEvent(resolved, this.schemas);
        if (event && events.length < wanted) events.push(event);
      }
      if (raw.length < rawPageSize) break;
      const last = raw[raw.length - 1].event?.position;
      if (!last) break;
      cursor = toGlobalPosition(last);
    }
    return events;
  }

  subscribeToAll(options: SubscribeOptions = {}): AsyncIterable<RecordedEvent[]> {
    return catchUpThenFollow(
      {
        readPage: (after, maxCount) => this.readAll({ after, maxCount }),
        openLiveFeed: (after) => this.openLiveFeed(after),
      },
      {
        after: options.after,
        batchSize: options.maxCount ?? DEFAULT_PAGE,
        signal: options.signal ? AbortSignal.any([options.signal, this.closing.signal]) : this.closing.signal,
        reconnect: this.options.reconnect,
      },
    );
  }

  async ping(): Promise<void> {
    const timeoutMs = this.options.pingTimeoutMs ?? DEFAULT_PING_TIMEOUT_MS;
    const read = this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([drain(read), timeout]);
    } catch (error) {
      void read.cancel().catch(() => undefined);
      // Any failure means "not ready", including an answer from something that is not EventStoreDB.
      throw error instanceof EventStoreUnavailableError ? error : new EventStoreUnavailableError(error);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closing.abort();
    await this.client.dispose();
  }

  private async readAllRaw(after: GlobalPosition | undefined, maxCount: number): Promise<AllStreamResolvedEvent[]> {
    const read = this.client.readAll({
      direction: FORWARDS,
      fromPosition: after ? toEsdbPosition(after) : START,
      maxCount,
    });
    try {
      return await drain(read);
    } catch (error) {
      throw translateError(error);
    }
  }

  private openLiveFeed(after: GlobalPosition | undefined): LiveFeed {
    // The subscription's fromPosition is exclusive; catchUpThenFollow drops replays anyway.
    const schemas = this.schemas;
    const subscription = this.client.subscribeToAll({
      fromPosition: after ? toEsdbPosition(after) : START,
      filter: excludeSystemEvents(),
    });
    async function* events(): AsyncGenerator<RecordedEvent> {
      for await (const resolved of subscription) {
        const event = toRecordedEvent(resolved, schemas);
        if (event) yield event;
      }
    }
    return {
      events: events(),
      close: async () => {
        // An error the stream emits after we stopped listening must not crash the process.
        subscription.on('error', ignore);
        await subscription.unsubscribe().catch(ignore);
        subscription.destroy();
      },
    };
  }

  private async currentRevision(streamName: string): Promise<bigint | 'no_stream'> {
    const [last] = await this.readStream(streamName, { direction: 'backwards', maxCount: 1 });
    return last ? last.revision : 'no_stream';
  }

  /** Servers that answer an append without a position: read the event back to learn it. */
  private async positionOfRevision(streamName: string, revision: bigint): Promise<GlobalPosition> {
    const [event] = await this.readStream(streamName, { fromRevision: revision, maxCount: 1 });
    if (!event)
      throw new Error(`Stream ${streamName} has no event at revision ${revision.toString()} after appending it`);
    return event.position;
  }
}

/** The event type of a claim stream (EventStoreDB only: PostgreSQL keeps claims in es_claims). */
const CLAIM_HELD = 'ClaimHeld';

interface ClaimHeldData {
  stream: string;
  until: string;
  at: string;
}

/** One stream per claimed key. */
function claimStreamOf(key: string): string {
  return `esclaim-${key}`;
}

async function drain<T>(read: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of read) items.push(item);
  return items;
}

function translateError(error: unknown): unknown {
  return isConnectionFailure(error) ? new EventStoreUnavailableError(error) : error;
}

function ignore(): void {}
