import type { Pool } from 'pg';
import { type GlobalPosition, type NewEvent, type RecordedEvent, START_POSITION } from '../event-envelope';
import {
  ClaimTakenError,
  DuplicateEventIdError,
  InvalidEventDataError,
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
import { CombinedLookups } from '@gateway/database';
import { assertDistinctClaims } from '../claim-keys';
import { AppendCombiner } from './append-combiner';
import { AppendSignal } from './append-signal';
import { ReadPacing } from './read-pacing';
import { RecentTailPages } from './recent-tail-pages';
import { copyRows } from './binary-copy-read';
import { recordedEventDecoder, RECORDED_EVENT_COLUMNS } from './recorded-event.decoder';
import {
  READ_STREAM_BACKWARDS,
  READ_STREAM_FORWARDS,
  READ_STREAM_TAILS_JSON,
  READ_WHOLE_STREAMS_JSON,
  streamTailKey,
  type WholeStreamJsonEvent,
} from './read-stream.sql';
import { EventSchemaRegistry } from '../schema/event-schema-registry';
import type { TupleDecoder } from './binary-copy-read';

const DEFAULT_PAGE = 1000;

/**
 * The default event store: two tables and one PL/pgSQL function in the gateway's own
 * PostgreSQL. Ordering and checkpoints use the (xid8, position) pair (design §3).
 */
export class PostgresEventStore implements EventStore {
  private readonly signal: AppendSignal;
  private readonly combiner: AppendCombiner;
  /**
   * Whole-stream reads of concurrent commands, combined into one statement, and with the other
   * look-ups of the process asked at the same moment (a command's settings and clock).
   */
  private readonly wholeStream: (streamName: string) => Promise<RecordedEvent[] | undefined>;
  private readonly streamTail: (tailKey: string) => Promise<RecordedEvent[] | undefined>;
  /** Tail reads of subscriptions in flight, by position, page size and signal generation. */
  private readonly tailReads = new Map<string, Promise<RecordedEvent[]>>();
  /** What those reads returned lately: a subscription behind another one catches up from memory. */
  private readonly recentTailPages = new RecentTailPages();
  /** Versions stamped on append and upcasters applied to every decoded event (the app passes the full registry). */
  private readonly schemas: EventSchemaRegistry;
  private readonly decodeTuple: TupleDecoder<RecordedEvent>;

  constructor(
    private readonly pool: Pool,
    options: {
      pollIntervalMs?: number;
      maxAppendsInFlight?: number;
      schemas?: EventSchemaRegistry;
      /** The process's (PlatformModule's); a store of its own otherwise. */
      lookups?: CombinedLookups;
    } = {},
  ) {
    this.schemas = options.schemas ?? EventSchemaRegistry.unversioned();
    this.decodeTuple = recordedEventDecoder(this.schemas);
    this.signal = new AppendSignal(pool, options.pollIntervalMs ?? 250);
    this.combiner = new AppendCombiner(pool, { maxInFlight: options.maxAppendsInFlight });
    const lookups = options.lookups ?? new CombinedLookups(pool);
    this.wholeStream = lookups.kind({
      name: 'es_whole_streams',
      sql: READ_WHOLE_STREAMS_JSON,
      keyOf: (row) => row.stream_name as string,
      valueOf: (row) =>
        (row.events as WholeStreamJsonEvent[]).map((event) => this.fromJson(event, row.stream_name as string)),
    });
    this.streamTail = lookups.kind({
      name: 'es_stream_tails',
      sql: READ_STREAM_TAILS_JSON,
      keyOf: (row) => row.key as string,
      valueOf: (row) => {
        const key = row.key as string;
        const streamName = key.slice(key.indexOf(' ') + 1);
        return (row.events as WholeStreamJsonEvent[]).map((event) => this.fromJson(event, streamName));
      },
    });
  }

  async append(
    streamName: string,
    events: NewEvent[],
    expected: ExpectedRevision,
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    if (options.claims) assertDistinctClaims(options.claims);
    const [expect, revision]: [0 | 1 | 2, string | null] =
      expected === 'any' ? [0, null] : expected === 'no_stream' ? [1, null] : [2, expected.toString()];
    const stamped = events.map((event) => this.schemas.stamp(event));
    const request = {
      stream: streamName,
      expect,
      revision,
      events: stamped.map(({ id, type, data, metadata }) => ({ id, type, data, metadata })),
      ...(options.claims?.length && { claims: options.claims.map(claimRequest) }),
    };
    let row;
    try {
      row = await this.combiner.append(request);
    } catch (error) {
      throw translateAppendError(error);
    }
    if (row.duplicate) throw new DuplicateEventIdError(events.map((event) => event.id).join(', '));
    if (!row.ok) {
      const actual = BigInt(row.revision);
      throw new WrongExpectedRevisionError(streamName, expected, actual < 0n ? 'no_stream' : actual);
    }
    this.signal.appended();
    return {
      nextExpectedRevision: BigInt(row.revision),
      position: { commit: BigInt(row.tx_id!), prepare: BigInt(row.last_position!) },
    };
  }

  async claimHolder(key: string): Promise<ClaimHolder | undefined> {
    const { rows } = await this.pool.query<{ stream_name: string; held_until: Date }>({
      name: 'es_claim_holder',
      text: 'SELECT stream_name, held_until FROM es_claims WHERE claim_key = $1',
      values: [key],
    });
    return rows[0] && { stream: rows[0].stream_name, until: rows[0].held_until };
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    // The read every command makes (load the aggregate): concurrent ones share a round trip.
    if (options.direction !== 'backwards' && options.maxCount === undefined && options.fromRevision === undefined) {
      return (await this.wholeStream(streamName)) ?? [];
    }
    // A stream's tail (a command on a state the process holds): combined the same way.
    if (options.direction !== 'backwards' && options.maxCount === undefined && options.fromRevision !== undefined) {
      return (await this.streamTail(streamTailKey(streamName, options.fromRevision))) ?? [];
    }
    const backwards = options.direction === 'backwards';
    const limit = options.maxCount ?? null;
    const from = options.fromRevision ?? null;
    const { rows } = await this.pool.query<EventRow>({
      name: backwards ? 'es_read_stream_backwards' : 'es_read_stream_forwards',
      rowMode: 'array',
      text: backwards ? READ_STREAM_BACKWARDS : READ_STREAM_FORWARDS,
      values: [streamName, from === null ? null : from.toString(), limit],
    });
    return rows.map((row) => this.schemas.upcast(toRecordedEvent(row)));
  }

  /** An event of `READ_WHOLE_STREAMS_JSON`'s answer (data and metadata as JSON, the numbers as one string). */
  private fromJson(event: WholeStreamJsonEvent, streamName: string): RecordedEvent {
    const metadata = event.metadata as NewEvent['metadata'];
    return this.schemas.upcast(toRecordedEvent([event.n, event.id, streamName, event.type, event.data, metadata]));
  }

  /**
   * Catch-up reads are bound by the client's decoding, so they run as a binary COPY decoded by
   * hand (`copyRows`), not as a query whose every column pg first turns into a string.
   */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START_POSITION;
    const limit = options.maxCount ?? DEFAULT_PAGE;
    if (limit < 0) throw new RangeError(`maxCount must not be negative: ${limit}`);
    // Only transactions older than every running one are visible: no late commit is skipped.
    return copyRows(
      this.pool,
      `SELECT ${RECORDED_EVENT_COLUMNS} FROM es_events
        WHERE (tx_id, position) > ('${sqlInteger(after.commit)}'::xid8, ${sqlInteger(after.prepare)}::bigint)
          AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY tx_id, position
        LIMIT ${sqlInteger(limit)}`,
      this.decodeTuple,
    );
  }

  async *subscribeToAll(options: SubscribeOptions = {}): AsyncIterable<RecordedEvent[]> {
    let after = options.after ?? START_POSITION;
    const pageSize = options.maxCount ?? DEFAULT_PAGE;
    const stop = options.signal;
    const waiter = this.signal.waiter();
    const pacing = new ReadPacing(options.minReadIntervalMs ?? 0, pageSize, Date.now, options.urgency);
    try {
      while (!stop?.aborted) {
        await pacing.beforeRead(stop);
        // Arm before reading so an append that commits during the read still wakes us.
        const wake = waiter.arm();
        const batch = await this.readTail(after, pageSize, wake.generation);
        pacing.afterRead(batch.length);
        if (batch.length > 0) {
          after = batch[batch.length - 1].position;
          yield batch;
          continue;
        }
        await wake.wait(stop);
      }
    } finally {
      waiter.dispose();
    }
  }

  /**
   * The subscriptions of one process (a worker runs one per projection) are woken by the same
   * append and ask for the same page: they share one read. Sharing is safe only with a read
   * that began at the same signal generation as the caller's arm: no append was announced in
   * between, so anything the shared read misses wakes the caller again. Pages are shared, not
   * copied: projections treat events as read-only (a rebuild already hands one page to all).
   */
  private readTail(after: GlobalPosition, maxCount: number, generation: number): Promise<RecordedEvent[]> {
    const remembered = this.recentTailPages.after(after, maxCount);
    if (remembered) return Promise.resolve(remembered);
    const key = `${after.commit}:${after.prepare}:${maxCount}:${generation}`;
    const inFlight = this.tailReads.get(key);
    if (inFlight) return inFlight;
    const read = this.readAll({ after, maxCount })
      .then((events) => {
        this.recentTailPages.remember(after, events);
        return events;
      })
      .finally(() => this.tailReads.delete(key));
    this.tailReads.set(key, read);
    return read;
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1 FROM es_streams LIMIT 1');
  }

  async close(): Promise<void> {
    await this.signal.close();
  }
}

/** A bigint (or integer) as SQL text; anything else throws, so it is safe to inline. */
function sqlInteger(value: bigint | number): string {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new RangeError(`not an integer: ${value}`);
  return BigInt(value).toString();
}

type EventRow = [
  numbers: string,
  eventId: string,
  streamName: string,
  type: string,
  data: unknown,
  metadata: NewEvent['metadata'],
];

function toRecordedEvent([numbers, eventId, streamName, type, data, metadata]: EventRow): RecordedEvent {
  const [txId, position, revision, recordedAtMs] = numbers.split(' ');
  return {
    id: eventId,
    type,
    data,
    metadata,
    streamName,
    revision: BigInt(revision),
    position: { commit: BigInt(txId), prepare: BigInt(position) },
    recordedAt: new Date(Number(recordedAtMs)),
  };
}

/** A claim as es_append_batch takes it: instants as ISO strings. */
function claimRequest(claim: Claim): { key: string; until: string; at: string } {
  return { key: claim.key, until: claim.until.toISOString(), at: claim.at.toISOString() };
}

function translateAppendError(error: unknown): unknown {
  const pgError = error as { code?: string; constraint?: string; detail?: string };
  // Raised by es_append_batch (migration 6) for a key another stream holds; the detail is the key.
  if (pgError.code === 'ESCLM') return new ClaimTakenError(pgError.detail ?? 'unknown');
  if (pgError.code === '23505' && pgError.constraint === 'es_events_event_id') {
    const id = /\(event_id\)=\(([^)]+)\)/.exec(pgError.detail ?? '')?.[1] ?? 'unknown';
    return new DuplicateEventIdError(id);
  }
  // 22P05: jsonb cannot hold \u0000; the edge rejects such input earlier, this is the backstop.
  if (pgError.code === '22P05') return new InvalidEventDataError('text contains the NUL character (\\u0000)');
  return error;
}
