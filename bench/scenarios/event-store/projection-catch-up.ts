import { performance } from 'node:perf_hooks';
import type { PostgresEventStore } from '@gateway/event-store';
import { ProjectionRunner, resetProjection } from '@gateway/projections';
import type { Pool } from 'pg';
import { LatencyRecorder } from '../../core/latency-recorder';
import type { Pass } from '../../core/paired-passes';
import { streamCounterProjection } from './stream-counter.projection';

/**
 * A rebuild as `cli projections rebuild` does it: reset, then `runUntilCaughtUp` over the
 * whole log (the reset is not timed). Latency is per batch (read + apply + checkpoint + commit).
 */
export const projectionCatchUp =
  (pool: Pool, store: PostgresEventStore, batchSize: number, expectedEvents: number): Pass =>
  async () => {
    await resetProjection(pool, streamCounterProjection);
    const runner = new ProjectionRunner(pool, store, streamCounterProjection, undefined, { batchSize });
    const latencies = new LatencyRecorder();
    let applied = 0;
    const started = performance.now();
    let batchStarted = started;
    const ran = await runner.runUntilCaughtUp((count) => {
      const now = performance.now();
      latencies.record(now - batchStarted);
      batchStarted = now;
      applied += count;
    });
    const durationMs = performance.now() - started;
    if (!ran) throw new Error('projection lease is held elsewhere');
    await verifyCounts(pool, expectedEvents);
    return { units: applied, durationMs, latencies };
  };

/** A fast wrong projection is worth nothing: the read model must account for every event. */
async function verifyCounts(pool: Pool, expected: number): Promise<void> {
  const { rows } = await pool.query<{ total: string | null }>(
    'SELECT sum(events)::text AS total FROM bench_stream_counts',
  );
  if (Number(rows[0].total) !== expected)
    throw new Error(`projection counted ${rows[0].total} events, expected ${expected}`);
}
