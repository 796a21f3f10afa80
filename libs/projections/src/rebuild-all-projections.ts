import type { EventStore, GlobalPosition, RecordedEvent } from '@gateway/event-store';
import { performance } from 'node:perf_hooks';
import { Client, type Pool } from 'pg';
import type { Projection } from './projection';
import { advanceCheckpoint, ensureCheckpoint } from './projection-checkpoints';
import { resetProjection } from './rebuild-projection';

export interface RebuildAllResult {
  projections: string[];
  events: number;
  /** Where the time went: waiting for the next page, and each projection's page transactions. */
  readWaitMs: number;
  applyMs: Record<string, number>;
}

/**
 * Rebuilds several projections in ONE pass over the log: each page is read once and handed to
 * every projection at the same time, each on its own leased connection and in its own
 * transaction with its checkpoint (as the runner does), while the next page is already being
 * read. Memory stays at two pages. Refuses (before touching anything) when a running worker
 * holds one of the projections: use `resetProjection` and let that worker replay it.
 */
export async function rebuildAllProjections(
  pool: Pool,
  store: EventStore,
  projections: readonly Projection[],
  options: { pageSize?: number; onProgress?: (events: number) => void } = {},
): Promise<RebuildAllResult> {
  const chosen = projections.filter((projection) => projection.rebuildable !== false && projection.tables.length > 0);
  const pageSize = options.pageSize ?? 5000;
  const leases: Client[] = [];
  try {
    for (const projection of chosen) {
      const lease = new Client(pool.options);
      lease.on('error', () => undefined);
      await lease.connect();
      leases.push(lease);
      const { rows } = await lease.query<{ locked: boolean }>("SELECT pg_try_advisory_lock(hashtext('projection'), hashtext($1)) AS locked", [projection.name]);
      if (!rows[0].locked) throw new Error(`${projection.name} is held by a running worker: rebuild it with \`projections rebuild ${projection.name}\``);
    }
    for (const projection of chosen) await resetProjection(pool, projection);
    for (const [index, projection] of chosen.entries()) await ensureCheckpoint(leases[index], projection.name);

    let events = 0;
    let readWaitMs = 0;
    const applyMs: Record<string, number> = Object.fromEntries(chosen.map((projection) => [projection.name, 0]));
    let from: GlobalPosition | undefined;
    let next: Promise<RecordedEvent[]> = store.readAll({ maxCount: pageSize });
    for (;;) {
      const waited = performance.now();
      const page = await next;
      readWaitMs += performance.now() - waited;
      if (page.length === 0) break;
      const to = page[page.length - 1].position;
      next = store.readAll({ after: to, maxCount: pageSize });
      const start = from ?? { commit: 0n, prepare: 0n };
      await Promise.all(
        chosen.map(async (projection, index) => {
          const started = performance.now();
          await applyPage(leases[index], projection, page, start, to);
          applyMs[projection.name] += performance.now() - started;
        }),
      );
      from = to;
      events += page.length;
      options.onProgress?.(events);
    }
    return { projections: chosen.map((projection) => projection.name), events, readWaitMs, applyMs };
  } finally {
    await Promise.all(leases.map((lease) => lease.end().catch(() => undefined)));
  }
}

async function applyPage(lease: Client, projection: Projection, page: RecordedEvent[], from: GlobalPosition, to: GlobalPosition): Promise<void> {
  const wanted = projection.eventTypes;
  const relevant = wanted ? page.filter((event) => wanted.includes(event.type)) : page;
  await lease.query('BEGIN');
  try {
    if (relevant.length > 0) await projection.apply(relevant, lease);
    if (!(await advanceCheckpoint(lease, projection.name, from, to, page.length))) throw new Error(`Checkpoint of ${projection.name} moved during the rebuild`);
    await lease.query('COMMIT');
  } catch (error) {
    await lease.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
