import { eventStoreMigrations, PostgresEventStore, type RecordedEvent } from '@gateway/event-store';
import { channelMark } from '@gateway/database';
import { storeForSuite } from '@gateway/testing';
import { Client, type ClientBase } from 'pg';
import type { Projection } from './projection';
import { projectionMigrations } from './projection-checkpoints';
import { ProjectionProgress } from './projection-progress';
import { ProjectionResets } from './projection-resets';
import { ProjectionRunner } from './projection-runner';
import { resetProjection } from './rebuild-projection';
import { emptyEvent } from './testing/empty-event';

/** Remembers every event id it applied: a replay from the start fills the table again. */
function seenProjection(name: string): Projection {
  return {
    name,
    tables: [`${name}_seen`],
    eventTypes: ['Seen'],
    async apply(events: RecordedEvent[], tx: ClientBase) {
      await tx.query(`INSERT INTO ${name}_seen (event_id) SELECT * FROM unnest($1::uuid[])`, [events.map((e) => e.id)]);
    },
  };
}

const tableFor = (name: string) => ({
  component: `test-${name}`,
  migrations: [{ version: 1, name: 'table', sql: `CREATE TABLE ${name}_seen (event_id uuid PRIMARY KEY)` }],
});

async function eventually(check: () => Promise<boolean>, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('ProjectionResets', () => {
  const suite = storeForSuite(
    [eventStoreMigrations, projectionMigrations, tableFor('r1'), tableFor('r2')],
    (pool) => new PostgresEventStore(pool, { pollIntervalMs: 50 }),
  );
  let resets: ProjectionResets;
  let progress: ProjectionProgress;
  const runners: ProjectionRunner[] = [];

  beforeEach(() => {
    resets = new ProjectionResets(suite.db.pool);
    progress = new ProjectionProgress(suite.db.pool);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await resets.close();
    await progress.close();
  });

  const start = (projection: Projection) => {
    const runner = new ProjectionRunner(suite.db.pool, suite.store, projection, progress, {
      resets,
      standbyPollMs: 50,
      retryDelayMs: 20,
    });
    runners.push(runner);
    runner.start();
  };
  const seen = async (name: string) =>
    Number((await suite.db.pool.query(`SELECT count(*) AS n FROM ${name}_seen`)).rows[0].n);
  /** The LISTEN connections whose application_name says they listen on projection_reset. */
  const resetListeners = async () =>
    (
      await suite.db.pool.query<{ pid: number; application_name: string }>(
        `SELECT pid, application_name FROM pg_stat_activity
          WHERE datname = current_database() AND starts_with(application_name, 'listen ')
            AND strpos(application_name, $1) > 0`,
        [channelMark('projection_reset')],
      )
    ).rows;

  it('runners share one LISTEN connection, and a reset restarts the runner of that projection', async () => {
    const queries = jest.spyOn(Client.prototype, 'query');
    try {
      start(seenProjection('r1'));
      start(seenProjection('r2'));
      const last = await suite.store.append('resets-shared', [emptyEvent('Seen'), emptyEvent('Seen')], 'any');
      expect(await progress.waitFor('r1', last.position, 5000)).toBe(true);
      expect(await progress.waitFor('r2', last.position, 5000)).toBe(true);
      // Every listening backend is woken by every NOTIFY of the database: one, not one per lease.
      const listens = queries.mock.calls.filter(
        ([text]) => typeof text === 'string' && text.includes('LISTEN projection_reset;'),
      );
      expect(listens).toHaveLength(1);
    } finally {
      queries.mockRestore();
    }
    const listeners = await resetListeners();
    expect(listeners).toHaveLength(1);
    expect(listeners[0].application_name).toMatch(/^listen [0-9a-f]{12} \./);

    const before = await seen('r1');
    await resetProjection(suite.db.pool, seenProjection('r1'));
    // No new event: only the reset itself can make the runner replay what the reset emptied.
    await eventually(async () => (await seen('r1')) === before);
    expect(await seen('r2')).toBe(before);
  });

  it('a reset sent while the listener reconnects still restarts the runner', async () => {
    start(seenProjection('r1'));
    const last = await suite.store.append('resets-gap', [emptyEvent('Seen')], 'any');
    expect(await progress.waitFor('r1', last.position, 5000)).toBe(true);
    const before = await seen('r1');
    expect(before).toBeGreaterThan(0);

    const [listener] = await resetListeners();
    await suite.db.pool.query('SELECT pg_terminate_backend($1)', [listener.pid]);
    await eventually(async () => (await resetListeners()).length === 0);
    // The NOTIFY of this reset reaches nobody: the listener reconnects a second later.
    await resetProjection(suite.db.pool, seenProjection('r1'));
    expect(await seen('r1')).toBe(0);
    await eventually(async () => (await seen('r1')) === before);
  });
});
