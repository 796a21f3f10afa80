import { performance } from 'node:perf_hooks';
import { type GlobalPosition, type PostgresEventStore, START_POSITION } from '@gateway/event-store';
import type { Pool } from 'pg';
import { LatencyRecorder } from '../../core/latency-recorder';
import type { Pass } from '../../core/paired-passes';

/** Reads one page after `after`; returns how many events it got and where the page ended. */
export type PageReader = (after: GlobalPosition, pageSize: number) => Promise<{ count: number; last?: GlobalPosition }>;

/** The store's own catch-up path: `readAll` pages from the start until a page comes back empty. */
export const storePages =
  (store: PostgresEventStore): PageReader =>
  async (after, pageSize) => {
    const page = await store.readAll({ after, maxCount: pageSize });
    return { count: page.length, last: page[page.length - 1]?.position };
  };

/**
 * The page query of PostgresEventStore.readAll (kept in step by hand) as an ordinary pg query with
 * pg's default type parsers and no mapping to RecordedEvent: the best a reader on pg's query path
 * gets from this schema and server, and so the reference the store's read rate is divided by.
 * (The store itself runs the query as a binary COPY and decodes the rows by hand, which is why it
 * reads faster than this reference.)
 */
export const rawDriverPages =
  (pool: Pool): PageReader =>
  async (after, pageSize) => {
    const { rows } = await pool.query<{ tx_id: string; position: string }>({
      name: 'bench_raw_read_all',
      text: `SELECT tx_id, position, event_id, stream_name, revision, type, data, metadata, recorded_at FROM es_events
             WHERE (tx_id, position) > ($1::xid8, $2::bigint)
               AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
             ORDER BY tx_id, position
             LIMIT $3`,
      values: [after.commit.toString(), after.prepare.toString(), pageSize],
    });
    const last = rows[rows.length - 1];
    return { count: rows.length, last: last && { commit: BigInt(last.tx_id), prepare: BigInt(last.position) } };
  };

/** One read of the whole log from the start; latency per page. Fails loudly if it read the wrong amount. */
export const readWholeLog =
  (readPage: PageReader, pageSize: number, expectedEvents: number): Pass =>
  async () => {
    const latencies = new LatencyRecorder();
    const started = performance.now();
    let after = START_POSITION;
    let events = 0;
    for (;;) {
      const pageStarted = performance.now();
      const page = await readPage(after, pageSize);
      if (page.count === 0 || !page.last) break;
      latencies.record(performance.now() - pageStarted);
      events += page.count;
      after = page.last;
    }
    const durationMs = performance.now() - started;
    if (events !== expectedEvents) throw new Error(`read ${events} events, expected ${expectedEvents}`);
    return { units: events, durationMs, latencies };
  };

/**
 * The catch-up subscription (what projections and the dispatcher run on): `subscribeToAll` from
 * the start until every event of the log has arrived. Latency per batch is the wait for it.
 */
export const subscribeWholeLog =
  (store: PostgresEventStore, pageSize: number, expectedEvents: number): Pass =>
  async () => {
    const latencies = new LatencyRecorder();
    const controller = new AbortController();
    const started = performance.now();
    let events = 0;
    let waitStarted = performance.now();
    for await (const batch of store.subscribeToAll({ maxCount: pageSize, signal: controller.signal })) {
      latencies.record(performance.now() - waitStarted);
      events += batch.length;
      if (events >= expectedEvents) controller.abort();
      waitStarted = performance.now();
    }
    const durationMs = performance.now() - started;
    if (events !== expectedEvents)
      throw new Error(`subscription delivered ${events} events, expected ${expectedEvents}`);
    return { units: events, durationMs, latencies };
  };
