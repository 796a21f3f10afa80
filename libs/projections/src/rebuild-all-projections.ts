import { type EventStore, type GlobalPosition, type RecordedEvent, START_POSITION } from '@gateway/event-store';
import { performance } from 'node:perf_hooks';
import { Client, type Pool } from 'pg';
import type { Projection } from './projection';
import { deferIndexesDuringLoad, restoreDeferredIndexes } from './bulk/deferred-indexes';
import { advanceCheckpoint, ensureCheckpoint } from './projection-checkpoints';
import { resetProjection } from './rebuild-projection';

/** At most this many pages pass without a projection's checkpoint moving, so `projections status` shows progress. */
const IDLE_PAGES_PER_CHECKPOINT = 20;

export interface RebuildAllResult {
  projections: string[];
  events: number;
  /**
   * Where the time went: waiting for the next page, each projection's page transactions, and
   * building the indexes its bulk load deferred (after the last page).
   */
  readWaitMs: number;
  applyMs: Record<string, number>;
  indexMs: Record<string, number>;
}

/**
 * Rebuilds several projections in ONE pass over the log: each page is read once and handed to
 * every projection at the same time, each on its own leased connection and in its own
 * transaction with its checkpoint (as the runner does), while the next page is already being
 * read. Memory stays at two pages. Refuses (before touching anything) when a running worker
 * holds one of the projections: use `resetProjection` and let that worker replay it.
 *
 * A projection with a `bulkLoad` is loaded through it (COPY, no ON CONFLICT) into tables whose
 * indexes are dropped first and built once at the end (`deferIndexesDuringLoad`). Exactly once
 * still holds: the tables were emptied under this rebuild's lease, each page commits with its
 * checkpoint, so a page's events are never in the tables yet. A rebuild cut short leaves the
 * pages committed so far and the record of the deferred indexes; whoever next takes the lease
 * (a runner, or another rebuild) builds them before applying anything.
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
      const { rows } = await lease.query<{ locked: boolean }>(
        "SELECT pg_try_advisory_lock(hashtext('projection'), hashtext($1)) AS locked",
        [projection.name],
      );
      if (!rows[0].locked)
        throw new Error(
          `${projection.name} is held by a running worker: rebuild it with \`projections rebuild ${projection.name}\``,
        );
    }
    for (const projection of chosen) await resetProjection(pool, projection);
    for (const [index, projection] of chosen.entries()) {
      await ensureCheckpoint(leases[index], projection.name);
      // Built again on the empty tables if a rebuild cut short left them deferred, then dropped
      // for this load: the checkpoint row always lists what the tables lack.
      await restoreDeferredIndexes(leases[index], projection.name);
      await deferIndexesDuringLoad(leases[index], projection);
    }

    let events = 0;
    let readWaitMs = 0;
    const applyMs: Record<string, number> = Object.fromEntries(chosen.map((projection) => [projection.name, 0]));
    // Per projection: the checkpoint it has committed, and the events read since that it had
    // nothing to do with. A page without any of its event types is not a transaction of its own:
    // the checkpoint jumps over such pages with the next page it applies (or every
    // IDLE_PAGES_PER_CHECKPOINT pages, or at the end), so idle read models cost no commits.
    const states = chosen.map(() => ({ committed: START_POSITION, skipped: 0, idlePages: 0 }));
    let next: Promise<RecordedEvent[]> = store.readAll({ maxCount: pageSize });
    let last: GlobalPosition | undefined;
    for (;;) {
      const waited = performance.now();
      const page = await next;
      readWaitMs += performance.now() - waited;
      if (page.length === 0) break;
      const to = page[page.length - 1].position;
      next = store.readAll({ after: to, maxCount: pageSize });
      await Promise.all(
        chosen.map(async (projection, index) => {
          const state = states[index];
          const wanted = projection.eventTypes;
          const relevant = wanted ? page.filter((event) => wanted.includes(event.type)) : page;
          if (relevant.length === 0 && state.idlePages + 1 < IDLE_PAGES_PER_CHECKPOINT) {
            state.skipped += page.length;
            state.idlePages += 1;
            return;
          }
          const started = performance.now();
          await applyPage(leases[index], projection, relevant, state.committed, to, state.skipped + page.length);
          applyMs[projection.name] += performance.now() - started;
          Object.assign(state, { committed: to, skipped: 0, idlePages: 0 });
        }),
      );
      last = to;
      events += page.length;
      options.onProgress?.(events);
    }
    const indexMs: Record<string, number> = {};
    const end = last;
    await Promise.all(
      chosen.map(async (projection, index) => {
        if (end && states[index].skipped > 0)
          await applyPage(leases[index], projection, [], states[index].committed, end, states[index].skipped);
        const started = performance.now();
        await restoreDeferredIndexes(leases[index], projection.name);
        indexMs[projection.name] = performance.now() - started;
      }),
    );
    return { projections: chosen.map((projection) => projection.name), events, readWaitMs, applyMs, indexMs };
  } finally {
    await Promise.all(leases.map((lease) => lease.end().catch(() => undefined)));
  }
}

/**
 * One transaction: a page's events of this projection and its checkpoint. Without waiting for the
 * WAL flush at commit (`synchronous_commit = off`): a crash can lose the last pages committed,
 * but never one without the other (they share the transaction), and a rebuild that is cut
 * short is started again anyway; a million-event rebuild saves a thousand or more flushes.
 */
async function applyPage(
  lease: Client,
  projection: Projection,
  relevant: RecordedEvent[],
  from: GlobalPosition,
  to: GlobalPosition,
  seen: number,
): Promise<void> {
  // One round trip for both (a simple query may hold several statements).
  await lease.query('BEGIN; SET LOCAL synchronous_commit TO off');
  try {
    if (relevant.length > 0)
      await (projection.bulkLoad ? projection.bulkLoad.apply(relevant, lease) : projection.apply(relevant, lease));
    if (!(await advanceCheckpoint(lease, projection.name, from, to, seen)))
      throw new Error(`Checkpoint of ${projection.name} moved during the rebuild`);
    await lease.query('COMMIT');
  } catch (error) {
    await lease.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
