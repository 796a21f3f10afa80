import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import type { PoolClient } from 'pg';
import { clockMigrations } from '@gateway/clock';
import { TestClockStore } from '@gateway/clock';
import { JobRunner, type JobRunnerOptions } from './job-runner';
import type { DueJob, ScheduleJobInput } from './scheduled-job';
import { Scheduler } from './scheduler';
import { SCHEDULER_WAKEUP_CHANNEL } from '@gateway/database';
import { schedulerMigrations } from './scheduler.migrations';

const HOUR = 3_600_000;
const silent = { error: () => undefined, warn: () => undefined };

interface JobRow {
  id: string;
  status: string;
  attempts: number;
  payload: unknown;
  due_at: Date;
  last_error: string | null;
}

describe('durable scheduler', () => {
  let database: TestDatabase;
  let scheduler: Scheduler;
  let testClocks: TestClockStore;
  let runners: JobRunner[] = [];
  let kindCounter = 0;

  beforeAll(async () => {
    database = await createTestDatabase([clockMigrations, schedulerMigrations]);
    scheduler = new Scheduler(database.pool);
    testClocks = new TestClockStore(database.pool);
  });
  afterAll(() => database.drop());
  afterEach(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
    runners = [];
  });

  /** Each test uses its own kinds, so jobs left by other tests are never claimed. */
  const newKind = () => `kind_${++kindCounter}`;
  const ago = (ms: number) => new Date(Date.now() - ms);
  const later = (ms: number) => new Date(Date.now() + ms);

  function runner(options: Partial<JobRunnerOptions> = {}): JobRunner {
    const created = new JobRunner(database.pool, {
      workerId: `worker_${runners.length}`,
      pollIntervalMs: 50,
      logger: silent,
      ...options,
    });
    runners.push(created);
    return created;
  }

  /** A started runner that runs `kind` with `handler`. */
  function startRunner(kind: string, handler: (job: DueJob) => Promise<void>, options: Partial<JobRunnerOptions> = {}) {
    const started = runner(options);
    started.register(kind, handler);
    started.start();
    return started;
  }

  /** Records every run of a kind; `sentinel` jobs prove a claim happened after earlier scheduling. */
  function recorder() {
    const runs: DueJob[] = [];
    const handler = async (job: DueJob) => {
      runs.push(job);
    };
    const ranWith = (marker: string) => runs.filter((job) => (job.payload as { marker?: string }).marker === marker);
    return { runs, handler, ranWith };
  }

  async function eventually(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
    // Generous: CI machines run several suites (and PostgreSQL) on two cores.
    const deadline = Date.now() + 30_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async function jobsOfKind(kind: string): Promise<JobRow[]> {
    const { rows } = await database.pool.query<JobRow>(
      'SELECT id, status, attempts, payload, due_at, last_error FROM scheduled_jobs WHERE kind = $1 ORDER BY id',
      [kind],
    );
    return rows;
  }

  async function jobByKey(key: string): Promise<JobRow> {
    const { rows } = await database.pool.query<JobRow>(
      'SELECT id, status, attempts, payload, due_at, last_error FROM scheduled_jobs WHERE job_key = $1',
      [key],
    );
    return rows[0];
  }

  /** Runs `work` in a transaction of the caller's, which then rolls back. */
  async function inRolledBackTransaction(work: (client: PoolClient) => Promise<unknown>): Promise<void> {
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      await work(client);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  }

  /**
   * Schedules a job due now and waits for it: any job scheduled before it that was claimable
   * would have been claimed by then (claims are by due time, and it is due last).
   */
  async function afterAClaim(kind: string, ran: ReturnType<typeof recorder>): Promise<void> {
    const marker = `sentinel_${Math.random()}`;
    await scheduler.schedule({ kind, payload: { marker }, dueAt: new Date() });
    await eventually(() => ran.ranWith(marker).length === 1, 'the sentinel ran');
  }

  it('runs a job due in the past once, with its payload and scope', async () => {
    const kind = newKind();
    const ran = recorder();
    await scheduler.schedule({
      kind,
      payload: { marker: 'past', amount: 10 },
      dueAt: ago(HOUR),
      businessId: 'biz_1',
      mode: 'live',
    });
    startRunner(kind, ran.handler);
    await eventually(async () => (await jobsOfKind(kind))[0].status === 'done', 'the job is done');
    expect(ran.runs).toHaveLength(1);
    expect(ran.runs[0]).toMatchObject({
      kind,
      payload: { marker: 'past', amount: 10 },
      businessId: 'biz_1',
      mode: 'live',
      attempt: 1,
    });
    await afterAClaim(kind, ran);
    expect(ran.ranWith('past')).toHaveLength(1);
  });

  it('does not run a job before it is due, then runs it', async () => {
    const kind = newKind();
    const ran = recorder();
    const dueAt = later(700);
    await scheduler.schedule({ kind, payload: { marker: 'future' }, dueAt });
    startRunner(kind, ran.handler);
    await afterAClaim(kind, ran);
    expect(ran.ranWith('future')).toHaveLength(0);
    await eventually(() => ran.ranWith('future').length === 1, 'the future job ran');
    expect(ran.ranWith('future')[0].now.getTime()).toBeGreaterThanOrEqual(dueAt.getTime());
  });

  it("runs a test business's future job at once when its clock is advanced, not another business's", async () => {
    const kind = newKind();
    const ran = recorder();
    const dueAt = later(HOUR);
    await scheduler.schedule({
      kind,
      payload: { marker: 'advanced' },
      dueAt,
      businessId: 'biz_advanced',
      mode: 'test',
    });
    await scheduler.schedule({ kind, payload: { marker: 'other' }, dueAt, businessId: 'biz_other', mode: 'test' });
    await scheduler.schedule({ kind, payload: { marker: 'live' }, dueAt, businessId: 'biz_advanced', mode: 'live' });
    // No polling to speak of: only the NOTIFY sent with the clock advance can wake the runner.
    startRunner(kind, ran.handler, { pollIntervalMs: 60_000 });
    await afterAClaim(kind, ran);
    expect(ran.runs).toHaveLength(1);

    await testClocks.setOffset(database.pool, 'biz_advanced', 2 * HOUR);
    await eventually(() => ran.ranWith('advanced').length === 1, 'the advanced business job ran');
    const run = ran.ranWith('advanced')[0];
    expect(run.now.getTime()).toBeGreaterThanOrEqual(dueAt.getTime());
    expect(run.now.getTime() - Date.now()).toBeGreaterThan(HOUR);

    await afterAClaim(kind, ran);
    expect(ran.ranWith('other')).toHaveLength(0);
    expect(ran.ranWith('live')).toHaveLength(0);
  });

  it(
    'wakes the runners for a job written due, ' + 'also one due only on its business clock, and not for a later one',
    async () => {
      const kind = newKind();
      const ran = recorder();
      const wakes: string[] = [];
      const markers: string[] = [];
      const listener = await database.pool.connect();
      listener.on('notification', (message) => {
        if (message.payload?.startsWith('marker-')) markers.push(message.payload);
        else wakes.push(message.channel);
      });
      await listener.query(`LISTEN ${SCHEDULER_WAKEUP_CHANNEL}`);
      try {
        // No polling to speak of: a job runs promptly only if its writing woke the runner.
        startRunner(kind, ran.handler, { pollIntervalMs: 60_000 });
        await afterAClaim(kind, ran);
        await testClocks.setOffset(database.pool, 'biz_wake_ahead', 2 * HOUR);
        // Notifications arrive in commit order, but late on a loaded machine: once a marker sent
        // after the clock's advance is here, nothing written before (the advance, the sentinel of
        // afterAClaim) can still arrive and be mistaken for a wake by what follows.
        const marker = `marker-${kind}`;
        await database.pool.query('SELECT pg_notify($1, $2)', [SCHEDULER_WAKEUP_CHANNEL, marker]);
        await eventually(() => markers.includes(marker), 'the marker arrived');
        wakes.length = 0;

        // Due later on every clock: a settlement days ahead wakes nobody.
        await scheduler.schedule({
          kind,
          payload: { marker: 'later' },
          dueAt: later(HOUR),
          businessId: 'biz_wake_now',
          mode: 'test',
        });
        await scheduler.scheduleMany([
          { kind, payload: { marker: 'later' }, dueAt: later(3 * HOUR), businessId: 'biz_wake_ahead', mode: 'test' },
          { kind, payload: { marker: 'later' }, dueAt: later(HOUR), businessId: 'biz_wake_ahead', mode: 'live' },
        ]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(wakes).toEqual([]);

        // Due an hour from now in real time, but already due on its business's advanced clock.
        await scheduler.scheduleMany([
          { kind, payload: { marker: 'later' }, dueAt: later(2 * HOUR), businessId: 'biz_wake_now', mode: 'test' },
          { kind, payload: { marker: 'ahead' }, dueAt: later(HOUR), businessId: 'biz_wake_ahead', mode: 'test' },
        ]);
        await eventually(() => ran.ranWith('ahead').length === 1, 'the job due on its business clock ran');
        expect(wakes).toEqual([SCHEDULER_WAKEUP_CHANNEL]);
        expect(ran.ranWith('later')).toHaveLength(0);
      } finally {
        // A pooled connection goes back without its LISTEN, so no later borrower inherits it.
        await listener.query(`UNLISTEN ${SCHEDULER_WAKEUP_CHANNEL}`).catch(() => undefined);
        listener.release();
      }
    },
  );

  it('schedules idempotently by key: a pending job is updated, a finished one left alone', async () => {
    const kind = newKind();
    const ran = recorder();
    const key = `${kind}:once`;
    await scheduler.schedule({ kind, key, payload: { marker: 'first' }, dueAt: later(HOUR) });
    await scheduler.schedule({ kind, key, payload: { marker: 'second' }, dueAt: ago(1000) });
    const jobs = await jobsOfKind(kind);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].payload).toEqual({ marker: 'second' });

    startRunner(kind, ran.handler);
    await eventually(async () => (await jobByKey(key)).status === 'done', 'the keyed job is done');

    await scheduler.schedule({ kind, key, payload: { marker: 'third' }, dueAt: ago(1000) });
    await afterAClaim(kind, ran);
    expect(
      ran.runs.map((job) => (job.payload as { marker: string }).marker).filter((m) => !m.startsWith('sentinel')),
    ).toEqual(['second']);
    expect(await jobByKey(key)).toMatchObject({ status: 'done', payload: { marker: 'second' } });
  });

  it('scheduleMany leaves what one schedule per input, in order, would leave', async () => {
    const kind = newKind();
    const ran = recorder();
    const finishedKey = `${kind}:finished`;
    await scheduler.schedule({ kind, key: finishedKey, payload: { marker: 'finished' }, dueAt: ago(1000) });
    const worker = startRunner(kind, ran.handler);
    await eventually(async () => (await jobByKey(finishedKey))?.status === 'done', 'the first job is done');
    await worker.stop();

    const pendingKey = `${kind}:pending`;
    await scheduler.schedule({ kind, key: pendingKey, payload: { marker: 'before' }, dueAt: later(HOUR) });
    const twiceKey = `${kind}:twice`;
    /** One of two inputs with the same key in one call, each with its own owner and attempts. */
    const twice = (marker: string, dueAt: Date, owner: Partial<ScheduleJobInput>): ScheduleJobInput => ({
      kind,
      key: twiceKey,
      payload: { marker },
      dueAt,
      ...owner,
    });
    await scheduler.scheduleMany([
      { kind, key: finishedKey, payload: { marker: 'replayed' }, dueAt: ago(500) },
      twice('first', later(2 * HOUR), { businessId: 'biz_a', mode: 'test', maxAttempts: 3 }),
      { kind, key: pendingKey, payload: { marker: 'moved' }, dueAt: later(3 * HOUR) },
      { kind, payload: { marker: 'unkeyed' }, dueAt: later(4 * HOUR) },
      { kind, payload: { marker: 'unkeyed' }, dueAt: later(4 * HOUR) },
      twice('second', later(5 * HOUR), { businessId: 'biz_b', mode: 'live', maxAttempts: 7 }),
    ]);

    expect(await jobByKey(finishedKey)).toMatchObject({ status: 'done', payload: { marker: 'finished' } });
    expect(await jobByKey(pendingKey)).toMatchObject({ status: 'pending', payload: { marker: 'moved' } });
    const stored = await database.pool.query(
      'SELECT payload, business_id, mode, max_attempts, due_at FROM scheduled_jobs WHERE job_key = $1',
      [twiceKey],
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]).toMatchObject({
      payload: { marker: 'second' },
      business_id: 'biz_a',
      mode: 'test',
      max_attempts: 3,
    });
    expect(stored.rows[0].due_at.getTime()).toBeGreaterThan(Date.now() + 4 * HOUR);
    expect(
      (await jobsOfKind(kind)).filter((job) => (job.payload as { marker: string }).marker === 'unkeyed'),
    ).toHaveLength(2);
    await scheduler.scheduleMany([]);
  });

  it('scheduleMany writes nothing when the caller rolls back', async () => {
    const kind = newKind();
    await inRolledBackTransaction((client) =>
      scheduler.scheduleMany([{ kind, key: `${kind}:a`, payload: null, dueAt: ago(0) }], client),
    );
    expect(await jobsOfKind(kind)).toHaveLength(0);
  });

  it('cancelPending cancels jobs that have not started and leaves finished ones alone', async () => {
    const kind = newKind();
    const ran = recorder();
    const doneKey = `${kind}:done`;
    await scheduler.schedule({ kind, key: doneKey, payload: { marker: 'done' }, dueAt: ago(1000) });
    startRunner(kind, ran.handler);
    await eventually(async () => (await jobByKey(doneKey))?.status === 'done', 'the job is done');
    const pendingKey = `${kind}:pending`;
    await scheduler.schedule({ kind, key: pendingKey, payload: { marker: 'never' }, dueAt: later(HOUR) });

    expect(await scheduler.cancelPending([pendingKey, doneKey, pendingKey, `${kind}:unknown`])).toBe(1);
    expect(await scheduler.cancelPending([])).toBe(0);
    expect((await jobByKey(pendingKey)).status).toBe('cancelled');
    expect((await jobByKey(doneKey)).status).toBe('done');
  });

  it('schedules inside the caller transaction', async () => {
    const kind = newKind();
    await inRolledBackTransaction((client) => scheduler.schedule({ kind, payload: null, dueAt: ago(0) }, client));
    expect(await jobsOfKind(kind)).toHaveLength(0);
  });

  it('cancels a pending job so that it never runs', async () => {
    const kind = newKind();
    const ran = recorder();
    const key = `${kind}:cancel-me`;
    await scheduler.schedule({ kind, key, payload: { marker: 'cancelled' }, dueAt: ago(1000) });
    expect(await scheduler.cancel(key)).toBe(true);
    expect(await scheduler.cancel(key)).toBe(false);
    expect(await scheduler.cancel(`${kind}:unknown`)).toBe(false);

    startRunner(kind, ran.handler);
    await afterAClaim(kind, ran);
    expect(ran.ranWith('cancelled')).toHaveLength(0);
    expect((await jobByKey(key)).status).toBe('cancelled');
  });

  it('retries a failing job with backoff, then keeps it as failed after its last attempt', async () => {
    const kind = newKind();
    const attempts: number[] = [];
    const key = `${kind}:always-fails`;
    await scheduler.schedule({ kind, key, payload: null, dueAt: ago(0), maxAttempts: 3 });
    startRunner(
      kind,
      async (job) => {
        attempts.push(job.attempt);
        throw new Error(`boom ${job.attempt}`);
      },
      { backoffBaseMs: 20 },
    );
    await eventually(async () => (await jobByKey(key)).status === 'failed', 'the job failed for good');
    expect(attempts).toEqual([1, 2, 3]);
    const job = await jobByKey(key);
    expect(job.attempts).toBe(3);
    expect(job.last_error).toContain('boom 3');
  });

  it('succeeds on a retry after failures', async () => {
    const kind = newKind();
    const key = `${kind}:flaky`;
    await scheduler.schedule({ kind, key, payload: null, dueAt: ago(0) });
    startRunner(
      kind,
      async (job) => {
        if (job.attempt < 3) throw new Error('not yet');
      },
      { backoffBaseMs: 10 },
    );
    await eventually(async () => (await jobByKey(key)).status === 'done', 'the flaky job is done');
    expect((await jobByKey(key)).attempts).toBe(3);
  });

  it("pushes a failed test job's retry past the business's clock, not real time", async () => {
    const kind = newKind();
    const key = `${kind}:test-retry`;
    await testClocks.setOffset(database.pool, 'biz_retry', 24 * HOUR);
    await scheduler.schedule({ kind, key, payload: null, dueAt: ago(0), businessId: 'biz_retry', mode: 'test' });
    let failedRun: DueJob | undefined;
    startRunner(
      kind,
      async (job) => {
        failedRun = job;
        throw new Error('retry me');
      },
      { backoffBaseMs: 60_000 },
    );
    await eventually(
      async () => (await jobByKey(key)).attempts === 1 && (await jobByKey(key)).status === 'pending',
      'the failure is recorded',
    );
    const job = await jobByKey(key);
    expect(job.last_error).toContain('retry me');
    expect(job.due_at.getTime()).toBeGreaterThanOrEqual(failedRun!.now.getTime() + 60_000);
    expect(job.due_at.getTime()).toBeGreaterThan(Date.now() + 24 * HOUR);
  });

  it('leaves jobs of kinds no runner registered pending', async () => {
    const kind = newKind();
    const orphanKind = newKind();
    const ran = recorder();
    await scheduler.schedule({ kind: orphanKind, payload: null, dueAt: ago(1000) });
    startRunner(kind, ran.handler);
    await afterAClaim(kind, ran);
    expect(await jobsOfKind(orphanKind)).toMatchObject([{ status: 'pending', attempts: 0 }]);
  });

  it('reclaims a job whose worker crashed (lease expired), but not one still leased', async () => {
    const kind = newKind();
    const ran = recorder();
    await scheduler.schedule({ kind, key: `${kind}:crashed`, payload: { marker: 'crashed' }, dueAt: ago(HOUR) });
    await scheduler.schedule({ kind, key: `${kind}:leased`, payload: { marker: 'leased' }, dueAt: ago(HOUR) });
    await database.pool.query(
      `UPDATE scheduled_jobs SET status = 'running', locked_by = 'dead-worker', attempts = 1,
              locked_until = CASE WHEN job_key LIKE '%crashed' THEN now() - interval '1 second' ELSE now() + ` +
        `interval '1 hour' END
        WHERE kind = $1`,
      [kind],
    );
    startRunner(kind, ran.handler);
    await eventually(() => ran.ranWith('crashed').length === 1, 'the crashed job ran again');
    expect(ran.ranWith('crashed')[0].attempt).toBe(2);
    await eventually(async () => (await jobByKey(`${kind}:crashed`)).status === 'done', 'the crashed job is done');
    await afterAClaim(kind, ran);
    expect(ran.ranWith('leased')).toHaveLength(0);
  });

  it('keeps renewing the lease of a job still running, so a second runner never takes it over', async () => {
    const kind = newKind();
    const runs: DueJob[] = [];
    const leaseMs = 300;
    for (const workerId of ['worker_slow', 'worker_idle']) {
      const worker = runner({ workerId, leaseMs });
      worker.register(kind, async (job) => {
        runs.push(job);
        // Four leases long: without renewal the other runner reclaims it three times over.
        await new Promise((resolve) => setTimeout(resolve, 4 * leaseMs));
      });
      worker.start();
    }
    const key = `${kind}:long`;
    await scheduler.schedule({ kind, key, payload: { marker: 'long' }, dueAt: ago(0) });
    await eventually(async () => ['done', 'failed'].includes((await jobByKey(key)).status), 'the long job is over');
    expect(runs.map((job) => job.attempt)).toEqual([1]);
    expect(await jobByKey(key)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('fails a job whose worker crashed during its last attempt instead of running it again', async () => {
    const kind = newKind();
    const ran = recorder();
    const key = `${kind}:poison`;
    await scheduler.schedule({ kind, key, payload: { marker: 'poison' }, dueAt: ago(HOUR), maxAttempts: 2 });
    await database.pool.query(
      `UPDATE scheduled_jobs SET status = 'running', locked_by = 'dead-worker', attempts = 2,
              locked_until = now() - interval '1 second' WHERE job_key = $1`,
      [key],
    );
    startRunner(kind, ran.handler);
    await afterAClaim(kind, ran);
    expect(ran.ranWith('poison')).toHaveLength(0);
    expect(await jobByKey(key)).toMatchObject({
      status: 'failed',
      last_error: expect.stringContaining('lease expired'),
    });
  });

  it('runs each of 300 due jobs exactly once with two runners sharing the table', async () => {
    const kind = newKind();
    const runsById = new Map<string, number>();
    const handler = async (job: DueJob) => {
      runsById.set(job.id, (runsById.get(job.id) ?? 0) + 1);
      await new Promise((resolve) => setImmediate(resolve));
    };
    await database.pool.query(
      `INSERT INTO scheduled_jobs (kind, payload, due_at)
       SELECT $1, jsonb_build_object('n', n), now() - n * interval '1 millisecond' FROM generate_series(1, 300) AS n`,
      [kind],
    );
    for (const workerId of ['worker_a', 'worker_b']) {
      startRunner(kind, handler, { workerId, batchSize: 10 });
    }
    await eventually(
      async () => (await jobsOfKind(kind)).every((job) => job.status === 'done'),
      'all 300 jobs are done',
    );
    expect(runsById.size).toBe(300);
    expect([...runsById.values()].every((count) => count === 1)).toBe(true);
    const { rows } = await database.pool.query<{ attempts: number }>(
      'SELECT DISTINCT attempts FROM scheduled_jobs WHERE kind = $1',
      [kind],
    );
    expect(rows).toEqual([{ attempts: 1 }]);
  });

  it('waits for running handlers on stop, and a new runner picks up jobs after a restart', async () => {
    const kind = newKind();
    let release!: () => void;
    const handlerStarted = new Promise<void>((started) => {
      const worker = runner();
      worker.register(kind, async (job) => {
        if ((job.payload as { marker: string }).marker !== 'slow') return;
        started();
        await new Promise<void>((resolve) => (release = resolve));
      });
      worker.start();
    });
    await scheduler.schedule({ kind, key: `${kind}:slow`, payload: { marker: 'slow' }, dueAt: ago(0) });
    await handlerStarted;
    let stopped = false;
    const stopping = runners[0].stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await jobByKey(`${kind}:slow`)).status).toBe('done');

    await scheduler.schedule({ kind, key: `${kind}:after-stop`, payload: { marker: 'after-stop' }, dueAt: ago(0) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await jobByKey(`${kind}:after-stop`)).status).toBe('pending');

    const ran = recorder();
    startRunner(kind, ran.handler, { workerId: 'worker_restarted' });
    await eventually(() => ran.ranWith('after-stop').length === 1, 'the restarted runner ran the job');
  });
});
