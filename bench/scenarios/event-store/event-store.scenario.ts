import { eventStoreMigrations, PostgresEventStore } from '@gateway/event-store';
import { projectionMigrations } from '@gateway/projections';
import { type Measurement, withTarget } from '../../core/measurement';
import { measurePairedPasses } from '../../core/paired-passes';
import type { Scenario, ScenarioContext } from '../../core/scenario';
import { type AppendWorkload, measureAppends, warmUpStore } from './append-throughput';
import { rawDriverPages, readWholeLog, storePages, subscribeWholeLog } from './catch-up-read';
import { projectionCatchUp } from './projection-catch-up';
import { seedLog } from './seed-log';
import { streamCounterMigrations } from './stream-counter.projection';

/** The targets from the performance brief; printed as pass/fail next to each number. */
const TARGETS = {
  appendsWith16Writers: 8_000,
  catchUpReadEventsPerSecond: 300_000,
  projectionEventsPerSecond: 50_000,
};

const LOG_EVENTS = 100_000;
/** 1000 is the store's and the runner's default page; the others look for a better one. */
/** The subscription's own default page, and a larger one. */
const SUBSCRIPTION_PAGE_SIZES = [1000, 5000];
const READ_PAGE_SIZES = [500, 1000, 2000, 5000, 10_000];
const PROJECTION_BATCH_SIZES = [1000, 5000];
/** Rounds of (reference pass, subject pass) per read or projection measurement. */
const READ_ROUNDS = 3;
const PROJECTION_ROUNDS = 2;
const POOL_SIZE = 20;
const RAW_READ_LABEL = 'same SQL through pg, no mapping';

const APPEND_WORKLOADS: AppendWorkload[] = [
  {
    id: 'append.1-writer.any',
    label: 'append 1 event, 1 writer, expected any',
    writers: 1,
    eventsPerAppend: 1,
    expected: 'any',
  },
  {
    id: 'append.1-writer.tracked',
    label: 'append 1 event, 1 writer, expected revision',
    writers: 1,
    eventsPerAppend: 1,
    expected: 'tracked',
  },
  {
    id: 'append.16-writers.any',
    label: 'append 1 event, 16 writers, expected any',
    writers: 16,
    eventsPerAppend: 1,
    expected: 'any',
  },
  {
    id: 'append.16-writers.tracked',
    label: 'append 1 event, 16 writers, expected revision',
    writers: 16,
    eventsPerAppend: 1,
    expected: 'tracked',
  },
  {
    id: 'append.batch-10.16-writers',
    label: 'append 10-event batch, 16 writers, expected any',
    writers: 16,
    eventsPerAppend: 10,
    expected: 'any',
  },
];

export const eventStoreScenario: Scenario = {
  name: 'event-store',
  description: 'PostgresEventStore appends, catch-up reads and projection catch-up, each group on a fresh database',
  async run(context) {
    return [...(await appendMeasurements(context)), ...(await readMeasurements(context))];
  },
};

async function appendMeasurements(context: ScenarioContext): Promise<Measurement[]> {
  const database = await context.postgres.createDatabase([eventStoreMigrations], POOL_SIZE);
  const store = new PostgresEventStore(database.pool);
  try {
    await warmUpStore(store, 1000);
    const results: Measurement[] = [];
    for (const workload of APPEND_WORKLOADS) {
      context.log(`event-store: ${workload.label} (alternating with its INSERT reference)`);
      const measured = await measureAppends(store, context.probe, workload, context.options);
      const judged = workload.writers === 16 && workload.eventsPerAppend === 1;
      results.push(judged ? withTarget(measured, TARGETS.appendsWith16Writers) : measured);
    }
    return results;
  } finally {
    await store.close();
    await database.drop();
  }
}

async function readMeasurements(context: ScenarioContext): Promise<Measurement[]> {
  const database = await context.postgres.createDatabase(
    [eventStoreMigrations, projectionMigrations, streamCounterMigrations],
    POOL_SIZE,
  );
  const store = new PostgresEventStore(database.pool);
  const events = LOG_EVENTS.toLocaleString('en');
  try {
    context.log(`event-store: seeding ${events} events`);
    await seedLog(store, LOG_EVENTS);
    await database.pool.query('VACUUM ANALYZE es_events'); // as autovacuum would have by the time anyone catches up
    const rawRead = (pageSize: number) => readWholeLog(rawDriverPages(database.pool), pageSize, LOG_EVENTS);
    await rawRead(1000)(); // warm the buffer cache and the JIT before anything is timed

    const reads: Measurement[] = [];
    let rawReadAtDefaultPage: Measurement | undefined;
    for (const pageSize of READ_PAGE_SIZES) {
      context.log(`event-store: catch-up read, page ${pageSize} (alternating with the raw driver read)`);
      const { subject, reference } = await measurePairedPasses(
        readWholeLog(storePages(store), pageSize, LOG_EVENTS),
        rawRead(pageSize),
        {
          id: `read.page-${pageSize}`,
          label: `catch-up read ${events} events, page ${pageSize}`,
          unit: 'events/s',
          per: `page of ${pageSize}`,
          rounds: READ_ROUNDS,
          referenceLabel: `${RAW_READ_LABEL}, page ${pageSize}`,
        },
      );
      reads.push(withTarget(subject, TARGETS.catchUpReadEventsPerSecond));
      if (pageSize === 1000) rawReadAtDefaultPage = { ...reference, label: `reference: ${reference.label}` };
    }
    for (const pageSize of SUBSCRIPTION_PAGE_SIZES) {
      context.log(`event-store: catch-up subscription, page ${pageSize} (alternating with the raw driver read)`);
      const { subject } = await measurePairedPasses(subscribeWholeLog(store, pageSize, LOG_EVENTS), rawRead(pageSize), {
        id: `subscription.page-${pageSize}`,
        label: `catch-up subscription ${events} events, page ${pageSize}`,
        unit: 'events/s',
        per: `batch of ${pageSize}`,
        rounds: READ_ROUNDS,
        referenceLabel: `${RAW_READ_LABEL}, page ${pageSize}`,
      });
      reads.push(withTarget(subject, TARGETS.catchUpReadEventsPerSecond));
    }

    const projections: Measurement[] = [];
    for (const batchSize of PROJECTION_BATCH_SIZES) {
      context.log(`event-store: projection catch-up, batch ${batchSize} (alternating with the raw driver read)`);
      const { subject } = await measurePairedPasses(
        projectionCatchUp(database.pool, store, batchSize, LOG_EVENTS),
        rawRead(batchSize),
        {
          id: `projection.batch-${batchSize}`,
          label: `projection runUntilCaughtUp ${events} events, batch ${batchSize}`,
          unit: 'events/s',
          per: `batch of ${batchSize}`,
          rounds: PROJECTION_ROUNDS,
          referenceLabel: `${RAW_READ_LABEL}, page ${batchSize}`,
        },
      );
      projections.push(withTarget(subject, TARGETS.projectionEventsPerSecond));
    }
    return [
      ...(rawReadAtDefaultPage ? [rawReadAtDefaultPage] : []),
      ...markBest(reads, 'best page size'),
      ...markBest(projections, 'best batch size'),
    ];
  } finally {
    await store.close();
    await database.drop();
  }
}

/** Notes the fastest of a family of runs that differ in one knob. */
function markBest(measurements: Measurement[], note: string): Measurement[] {
  const best = measurements.reduce((a, b) => (b.rate > a.rate ? b : a));
  return measurements.map((measurement) => (measurement === best ? { ...measurement, note } : measurement));
}
