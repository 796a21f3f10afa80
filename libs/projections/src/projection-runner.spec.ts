import { eventStoreMigrations, PostgresEventStore, type RecordedEvent } from '@gateway/event-store';
import { storeForSuite } from '@gateway/testing';
import { Socket } from 'node:net';
import { Client, type ClientBase } from 'pg';
import { type Projection, runPlannedStatements } from './projection';
import { CHECKPOINT_CHANNEL, projectionMigrations, readCheckpoint } from './projection-checkpoints';
import { ProjectionProgress } from './projection-progress';
import { IdleCheckpointMover } from './idle-checkpoint-mover';
import { ProjectionRunner } from './projection-runner';
import { resetProjection } from './rebuild-projection';
import { emptyEvent } from './testing/empty-event';

/** Counts events per stream and remembers every event id it applied (the PK catches a double apply). */
function countingProjection(name: string, fail?: (event: RecordedEvent) => boolean): Projection {
  return {
    name,
    tables: [`${name}_counts`, `${name}_seen`],
    eventTypes: ['Counted', 'Poison'],
    async apply(events: RecordedEvent[], tx: ClientBase) {
      await tx.query(`INSERT INTO ${name}_seen (event_id, stream_name) SELECT * FROM unnest($1::uuid[], $2::text[])`, [
        events.map((e) => e.id),
        events.map((e) => e.streamName),
      ]);
      if (events.some((event) => fail?.(event))) throw new Error('poison event');
      await tx.query(
        `INSERT INTO ${name}_counts (stream_name, events)
         SELECT s, count(*) FROM unnest($1::text[]) AS s GROUP BY s
         ON CONFLICT (stream_name) DO UPDATE SET events = ${name}_counts.events + excluded.events`,
        [events.map((e) => e.streamName)],
      );
    },
  };
}

const tablesFor = (name: string) => ({
  component: `test-${name}`,
  migrations: [
    {
      version: 1,
      name: 'tables',
      sql: `CREATE TABLE ${name}_counts (stream_name text PRIMARY KEY, events bigint NOT NULL);
            CREATE TABLE ${name}_seen (event_id uuid PRIMARY KEY, stream_name text NOT NULL);`,
    },
  ],
});

/** Plans its one statement a batch: the runner sends it with BEGIN and COMMIT. An 'PlannedPoison' fails it. */
function plannedProjection(name: string): Projection {
  const statements = (events: RecordedEvent[]) => [
    {
      text: `INSERT INTO ${name}_seen (event_id, stream_name) SELECT * FROM unnest($1::uuid[], $2::text[])
             ON CONFLICT DO NOTHING`,
      values: [events.map((e) => (e.type === 'PlannedPoison' ? 'not-a-uuid' : e.id)), events.map((e) => e.streamName)],
    },
  ];
  return {
    name,
    tables: [`${name}_seen`],
    eventTypes: ['Counted', 'PlannedPoison'],
    plannedStatements: statements,
    async apply(events: RecordedEvent[], tx: ClientBase) {
      await runPlannedStatements(tx, statements(events));
    },
  };
}

/** Writes this process makes on any socket while `run` runs (a write to PostgreSQL wakes its backend). */
async function socketWritesDuring(run: () => Promise<unknown>): Promise<number> {
  const prototype = Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  const original = { _write: prototype._write, _writev: prototype._writev };
  let writes = 0;
  for (const method of ['_write', '_writev'] as const)
    prototype[method] = function (this: unknown, ...args: unknown[]) {
      writes++;
      return original[method].apply(this, args);
    };
  try {
    await run();
    return writes;
  } finally {
    Object.assign(prototype, original);
  }
}

const event = (type = 'Counted') => emptyEvent(type);

describe('ProjectionRunner', () => {
  const suite = storeForSuite(
    [
      eventStoreMigrations,
      projectionMigrations,
      tablesFor('p1'),
      tablesFor('p2'),
      tablesFor('p3'),
      tablesFor('p4'),
      tablesFor('p5'),
      tablesFor('p6'),
      tablesFor('p7'),
    ],
    (pool) => new PostgresEventStore(pool, { pollIntervalMs: 50 }),
  );
  const runners: ProjectionRunner[] = [];
  const progresses: ProjectionProgress[] = [];

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await Promise.all(progresses.splice(0).map((progress) => progress.close()));
  });

  const runner = (projection: Projection, progress?: ProjectionProgress) => {
    const created = new ProjectionRunner(suite.db.pool, suite.store, projection, progress, {
      batchSize: 100,
      standbyPollMs: 50,
      retryDelayMs: 20,
    });
    runners.push(created);
    return created;
  };
  const progressTracker = () => {
    const created = new ProjectionProgress(suite.db.pool);
    progresses.push(created);
    return created;
  };
  /** Starts a runner of `projection` retrying fast; returns the errors its failing batches report. */
  const startRecordingErrors = (projection: Projection, batchSize: number): unknown[] => {
    const errors: unknown[] = [];
    const created = new ProjectionRunner(suite.db.pool, suite.store, projection, undefined, {
      batchSize,
      retryDelayMs: 20,
      onError: (_name, error) => errors.push(error),
    });
    runners.push(created);
    created.start();
    return errors;
  };
  const rows = async (table: string) => (await suite.db.pool.query(`SELECT * FROM ${table} ORDER BY 1`)).rows;

  it('catches up, follows the log, and gives read-your-writes through waitFor', async () => {
    for (let i = 0; i < 20; i++)
      await suite.store.append(`count-${i % 4}`, [event(), event(), event('Ignored')], 'any');
    const progress = progressTracker();
    runner(countingProjection('p1'), progress).start();

    const written = await suite.store.append('count-new', [event()], 'any');
    expect(await progress.waitFor('p1', written.position, 5000)).toBe(true);
    expect(await rows('p1_counts')).toEqual([
      { stream_name: 'count-0', events: '10' },
      { stream_name: 'count-1', events: '10' },
      { stream_name: 'count-2', events: '10' },
      { stream_name: 'count-3', events: '10' },
      { stream_name: 'count-new', events: '1' },
    ]);
    const checkpoint = await readCheckpoint(suite.db.pool, 'p1');
    expect(checkpoint?.position).toEqual(written.position);
  });

  it('a separate ProjectionProgress (another process) sees progress through NOTIFY or polling', async () => {
    runner(countingProjection('p1')).start(); // no in-process progress reporting
    const observer = progressTracker();
    const written = await suite.store.append('count-remote', [event()], 'any');
    expect(await observer.waitFor('p1', written.position, 5000)).toBe(true);
    expect(await observer.waitFor('p1', { commit: written.position.commit + 1000n, prepare: 0n }, 200)).toBe(false);
  });

  it('once its LISTEN connection has caught up, a wait reads no checkpoint: progress arrives by NOTIFY', async () => {
    // Another process's runner, with its own progress (as a worker has): only NOTIFY tells the observer.
    runner(countingProjection('p1'), progressTracker()).start();
    let checkpointReads = 0;
    const countingPool = new Proxy(suite.db.pool, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property);
        if (typeof value !== 'function') return value;
        if (property !== 'query') return value.bind(target);
        return (...args: unknown[]) => {
          const [config] = args as [string | { text?: string }];
          const text = typeof config === 'string' ? config : (config.text ?? '');
          if (text.includes('FROM projection_checkpoints WHERE name')) checkpointReads++;
          return value.apply(target, args);
        };
      },
    });
    const observer = new ProjectionProgress(countingPool);
    progresses.push(observer);
    const first = await suite.store.append('count-listened', [event()], 'any');
    expect(await observer.waitFor('p1', first.position, 5000)).toBe(true); // starts the listener
    for (let tries = 0; observer.readsTableBeforeWaiting && tries < 100; tries++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(observer.readsTableBeforeWaiting).toBe(false);
    checkpointReads = 0;
    for (let i = 0; i < 5; i++) {
      const written = await suite.store.append('count-listened', [event()], 'any');
      expect(await observer.waitFor('p1', written.position, 5000)).toBe(true);
    }
    // Each wait ends well inside the fallback poll interval, by NOTIFY alone.
    expect(checkpointReads).toBe(0);
  });

  it('announces no checkpoint move while no other process listens: its own progress hears in process', async () => {
    const progress = progressTracker();
    runner(countingProjection('p1'), progress).start();
    const warmUp = await suite.store.append('count-quiet', [event()], 'any');
    expect(await progress.waitFor('p1', warmUp.position, 5000)).toBe(true); // starts its listener
    for (let tries = 0; progress.readsTableBeforeWaiting && tries < 100; tries++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    // A plain LISTEN (not a ProjectionProgress): it hears what is announced, and counts as no listener.
    const eavesdropper = new Client(suite.db.pool.options);
    await eavesdropper.connect();
    const heard: string[] = [];
    eavesdropper.on('notification', (message) => heard.push(message.payload ?? ''));
    await eavesdropper.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
    try {
      for (let i = 0; i < 5; i++) {
        const written = await suite.store.append('count-quiet', [event()], 'any');
        expect(await progress.waitFor('p1', written.position, 5000)).toBe(true);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual([]);
    } finally {
      await eavesdropper.end();
    }
  });

  it('a rebuild yields exactly the live tables', async () => {
    const projection = countingProjection('p2');
    const live = runner(projection);
    live.start();
    for (let i = 0; i < 30; i++) await suite.store.append(`rebuild-${i % 7}`, [event(), event()], 'any');
    const last = await suite.store.append('rebuild-last', [event()], 'any');
    const progress = progressTracker();
    expect(await progress.waitFor('p2', last.position, 5000)).toBe(true);
    const before = { counts: await rows('p2_counts'), seen: await rows('p2_seen') };
    expect(before.seen.length).toBeGreaterThan(60);

    await live.stop();
    await resetProjection(suite.db.pool, projection);
    expect(await rows('p2_counts')).toEqual([]);
    const offline = runner(projection);
    let applied = 0;
    expect(await offline.runUntilCaughtUp((count) => (applied += count))).toBe(true);
    expect(applied).toBeGreaterThan(0);
    expect({ counts: await rows('p2_counts'), seen: await rows('p2_seen') }).toEqual(before);
  });

  it('a reset while a runner is live makes that runner replay from the start', async () => {
    const projection = countingProjection('p2');
    const progress = progressTracker();
    runner(projection, progress).start();
    const last = await suite.store.append('rebuild-live', [event()], 'any');
    expect(await progress.waitFor('p2', last.position, 5000)).toBe(true);
    const before = await rows('p2_counts');
    await resetProjection(suite.db.pool, projection);
    const after = await suite.store.append('rebuild-live', [event()], 'any');
    const fresh = progressTracker();
    expect(await fresh.waitFor('p2', after.position, 5000)).toBe(true);
    const expected = before.map((row) =>
      row.stream_name === 'rebuild-live' ? { ...row, events: String(Number(row.events) + 1) } : row,
    );
    expect(await rows('p2_counts')).toEqual(expected);
  });

  it('keeps one active instance per projection; a standby takes over and nothing is applied twice', async () => {
    const projection = countingProjection('p3');
    const first = runner(projection);
    const second = runner(projection);
    first.start();
    second.start();
    const writing = (async () => {
      for (let i = 0; i < 300; i++) await suite.store.append(`takeover-${i % 5}`, [event()], 'any');
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([first.isActive, second.isActive].filter(Boolean)).toHaveLength(1);
    const active = first.isActive ? first : second;
    const standby = active === first ? second : first;
    await active.stop(); // the "process" dies
    await writing;
    const last = await suite.store.append('takeover-end', [event()], 'any');
    const progress = progressTracker();
    expect(await progress.waitFor('p3', last.position, 10_000)).toBe(true);
    expect(standby.isActive).toBe(true);
    const [{ total }] = (
      await suite.db.pool.query("SELECT sum(events)::int AS total FROM p3_counts WHERE stream_name LIKE 'takeover-%'")
    ).rows;
    expect(total).toBe(301);
    const [{ seen }] = (
      await suite.db.pool.query("SELECT count(*)::int AS seen FROM p3_seen WHERE stream_name LIKE 'takeover-%'")
    ).rows;
    expect(seen).toBe(301);
  });

  it('a standby opens no session while the lease is held, and opens one to take over', async () => {
    const projection = countingProjection('p7');
    const active = runner(projection);
    active.start();
    await suite.store.append('standby-quiet', [event()], 'any');
    const progress = progressTracker();
    expect(await progress.waitFor('p7', (await suite.store.append('standby-quiet', [event()], 'any')).position)).toBe(
      true,
    );
    expect(active.isActive).toBe(true);
    const connects = jest.spyOn(Client.prototype, 'connect');
    try {
      const standby = runner(projection);
      standby.start();
      // Twenty polls (50 ms each): before, each one opened and closed a session of its own.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(standby.isActive).toBe(false);
      expect(connects.mock.calls.length).toBeLessThan(3);
      await active.stop();
      const last = await suite.store.append('standby-quiet', [event()], 'any');
      expect(await progress.waitFor('p7', last.position, 10_000)).toBe(true);
      expect(standby.isActive).toBe(true);
    } finally {
      connects.mockRestore();
    }
  });

  it('rolls back a failing batch, records the error, and does not move the checkpoint', async () => {
    const projection = countingProjection('p4', (e) => e.type === 'Poison');
    const good = await suite.store.append('poison-1', [event()], 'any');
    const poison = await suite.store.append('poison-2', [event('Poison')], 'any');
    const errors = startRecordingErrors(projection, 1);
    const progress = progressTracker();
    expect(await progress.waitFor('p4', good.position, 5000)).toBe(true);
    expect(await progress.waitFor('p4', poison.position, 300)).toBe(false);
    expect(errors.length).toBeGreaterThan(0);
    const checkpoint = await readCheckpoint(suite.db.pool, 'p4');
    expect(checkpoint?.position).toEqual(good.position);
    expect(checkpoint?.lastError).toContain('poison event');
    // The poison batch's first write was rolled back with it.
    const seen = await suite.db.pool.query("SELECT stream_name FROM p4_seen WHERE stream_name LIKE 'poison-%'");
    expect(seen.rows).toEqual([{ stream_name: 'poison-1' }]);
  });

  it(
    'runners sharing pages and an idle-checkpoint mover: each applies its events once, ' +
      'the others move on and announce it',
    async () => {
      const idleCheckpoints = new IdleCheckpointMover(suite.db.pool);
      const shared = (projection: Projection) => {
        const created = new ProjectionRunner(suite.db.pool, suite.store, projection, undefined, {
          batchSize: 7,
          standbyPollMs: 50,
          retryDelayMs: 20,
          idleCheckpoints,
        });
        runners.push(created);
        return created;
      };
      const busy = countingProjection('p1');
      const idle = [1, 2, 3].map((n) => ({
        ...countingProjection(`p${n + 1}`),
        name: `idle-${n}`,
        eventTypes: ['NeverAppended'],
      }));
      for (const projection of [busy, ...idle]) shared(projection).start();
      const observer = progressTracker(); // no in-process reports: progress arrives as another process sees it
      const before = Number(
        (await suite.db.pool.query("SELECT count(*) AS n FROM p1_seen WHERE stream_name LIKE 'shared-%'")).rows[0].n,
      );
      const writers = Array.from({ length: 5 }, (_, w) =>
        (async () => {
          for (let i = 0; i < 40; i++) await suite.store.append(`shared-${w}`, [event(), event('Ignored')], 'any');
        })(),
      );
      await Promise.all(writers);
      const last = await suite.store.append('shared-end', [event()], 'any');
      expect(await observer.waitFor(['p1', 'idle-1', 'idle-2', 'idle-3'], last.position, 10_000)).toBe(true);
      const after = Number(
        (await suite.db.pool.query("SELECT count(*) AS n FROM p1_seen WHERE stream_name LIKE 'shared-%'")).rows[0].n,
      );
      // 5 × 40 counted events and the last one; the event-id key forbids a double apply
      expect(after - before).toBe(201);
      for (const n of [1, 2, 3])
        expect((await readCheckpoint(suite.db.pool, `idle-${n}`))?.position).toEqual(last.position);
    },
  );

  it('sends BEGIN, the move and the first statement in one write; a planned batch with its COMMIT', async () => {
    const batchesOf = async (projection: Projection, appends: number) => {
      for (let i = 0; i < appends; i++) await suite.store.append(`writes-${projection.name}`, [event()], 'any');
      const catchingUp = new ProjectionRunner(suite.db.pool, suite.store, projection, undefined, { batchSize: 1 });
      let batches = 0;
      const writes = await socketWritesDuring(() => catchingUp.runUntilCaughtUp(() => batches++));
      return { writes, batches };
    };
    // What one more batch costs, setting the lease up aside: a run of 5 batches against one of 25
    // (after a first run through what earlier tests appended).
    const perBatch = async (projection: Projection) => {
      await batchesOf(projection, 0);
      const few = await batchesOf(projection, 5);
      const many = await batchesOf(projection, 25);
      expect(many.batches - few.batches).toBeGreaterThanOrEqual(20);
      return (many.writes - few.writes) / (many.batches - few.batches);
    };
    // Two statements, the second after a wait: the log read, [BEGIN + move + first], second, COMMIT
    // (before pipelining: read, BEGIN + move, first, second, COMMIT).
    expect(await perBatch(countingProjection('p5'))).toBeLessThanOrEqual(4.25);
    // Planned: the log read, then [BEGIN + move + statement + COMMIT] (before: read + 3).
    expect(await perBatch(plannedProjection('p6'))).toBeLessThanOrEqual(2.25);
    const seen = await suite.db.pool.query("SELECT count(*)::int AS n FROM p6_seen WHERE stream_name = 'writes-p6'");
    expect(seen.rows[0].n).toBe(30);
  });

  it('a planned batch sent with its COMMIT: a failing statement leaves nothing and keeps the checkpoint', async () => {
    const projection = { ...plannedProjection('p6'), name: 'planned-poison' };
    const good = await suite.store.append('planned-1', [event()], 'any');
    const errors = startRecordingErrors(projection, 2);
    const progress = progressTracker();
    expect(await progress.waitFor('planned-poison', good.position, 5000)).toBe(true);
    // Appended once the runner stands at `good`: its next page is exactly these two events,
    // whatever the other tests appended before (pages of two).
    const poison = await suite.store.append('planned-2', [event(), event('PlannedPoison')], 'any');
    expect(await progress.waitFor('planned-poison', poison.position, 300)).toBe(false);
    expect(String(errors[0])).toContain('invalid input syntax for type uuid');
    const checkpoint = await readCheckpoint(suite.db.pool, 'planned-poison');
    expect(checkpoint?.position).toEqual(good.position);
    const seen = await suite.db.pool.query("SELECT stream_name FROM p6_seen WHERE stream_name LIKE 'planned-%'");
    expect(seen.rows).toEqual([{ stream_name: 'planned-1' }]);
  });

  it('paces a read model under a dense flow unless a wait waits for it; never a latency-sensitive one', async () => {
    const pacedRunner = (projection: Projection, progress: ProjectionProgress) => {
      const created = new ProjectionRunner(suite.db.pool, suite.store, projection, progress, {
        readIntervalMs: 60_000,
        standbyPollMs: 50,
        retryDelayMs: 20,
      });
      runners.push(created);
      created.start();
    };
    const progress = progressTracker();
    // (Not the poison events of the test before: those would hold both back.)
    const readModel = { ...plannedProjection('p6'), name: 'paced-read-model', eventTypes: ['Counted'] };
    const follower = { ...readModel, name: 'paced-follower', latencySensitive: true };
    pacedRunner(readModel, progress);
    pacedRunner(follower, progress);
    // A dense flow: both runners read these pages and start pacing (60 s).
    let last = await suite.store.append('paced-0', [event()], 'any');
    for (let i = 1; i < 40; i++) last = await suite.store.append(`paced-${i}`, [event()], 'any');
    expect(await progress.waitFor(['paced-read-model', 'paced-follower'], last.position, 10_000)).toBe(true);
    const more = [];
    for (let i = 0; i < 10; i++) more.push(await suite.store.append(`paced-more-${i}`, [event()], 'any'));
    const tail = more[more.length - 1].position;
    // Nobody waits for the read model: its next read is a minute away. The follower reads at once.
    const observer = new ProjectionProgress(suite.db.pool); // another process: no in-process wait
    progresses.push(observer);
    expect(await observer.waitFor('paced-follower', tail, 5_000)).toBe(true);
    expect(await observer.waitFor('paced-read-model', tail, 500)).toBe(false);
    // A wait in the runner's own process ends the read model's pause.
    expect(await progress.waitFor('paced-read-model', tail, 5_000)).toBe(true);
  });
});
