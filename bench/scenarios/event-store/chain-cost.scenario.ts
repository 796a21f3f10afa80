import { eventStoreMigrations, PostgresEventStore } from '@gateway/event-store';
import type { MigrationSet } from '@gateway/database';
import { type Measurement, toMeasurement, withRatio } from '../../core/measurement';
import { runPaired } from '../../core/paired-run';
import { withPeakRss } from '../../core/peak-rss';
import type { Scenario } from '../../core/scenario';
import type { Operation } from '../../core/timed-workers';
import { sampleEvents } from './sample-events';

/** The store as it was before the hash chain (event-store migrations 1-3). */
const unchainedMigrations: MigrationSet = {
  ...eventStoreMigrations,
  migrations: eventStoreMigrations.migrations.filter((m) => m.version <= 3),
};

const WORKLOADS = [
  {
    id: 'chain.append.16-writers',
    label: 'append 1 event, 16 writers, expected revision',
    writers: 16,
    eventsPerAppend: 1,
  },
  { id: 'chain.append.1-writer', label: 'append 1 event, 1 writer, expected revision', writers: 1, eventsPerAppend: 1 },
  {
    id: 'chain.append.batch-10.16-writers',
    label: 'append 10-event batch, 16 writers, expected revision',
    writers: 16,
    eventsPerAppend: 10,
  },
];

function writers(store: PostgresEventStore, tag: string, count: number, eventsPerAppend: number): Operation[] {
  let sequence = 0;
  return Array.from({ length: count }, (_, writer) => {
    const revisions = new Map<string, bigint>();
    let next = 0;
    return async () => {
      const stream = `charge-${tag}-w${writer}-${next++ % 1000}`;
      const result = await store.append(
        stream,
        sampleEvents(eventsPerAppend, sequence),
        revisions.get(stream) ?? 'no_stream',
      );
      sequence += eventsPerAppend;
      revisions.set(stream, result.nextExpectedRevision);
    };
  });
}

/**
 * What the tamper-evidence chain costs appends: the chained store (migration 4) against the
 * same store without it (migrations 1-3), alternating in one run so both see the same load.
 */
export const chainCostScenario: Scenario = {
  name: 'chain-cost',
  description:
    'Appends with the tamper-evidence hash chain vs without it (event-store migrations 1-3), ' +
    'alternating slices in one run',
  async run(context) {
    const chained = await context.postgres.createDatabase([eventStoreMigrations], 20);
    const plain = await context.postgres.createDatabase([unchainedMigrations], 20);
    const chainedStore = new PostgresEventStore(chained.pool);
    const plainStore = new PostgresEventStore(plain.pool);
    try {
      const results: Measurement[] = [];
      for (const workload of WORKLOADS) {
        context.log(`chain-cost: ${workload.label}`);
        const { result, peakRssMiB } = await withPeakRss(() =>
          runPaired(
            writers(chainedStore, workload.id, workload.writers, workload.eventsPerAppend),
            writers(plainStore, workload.id, workload.writers, workload.eventsPerAppend),
            { ...context.options, slices: 5 },
          ),
        );
        const measured = toMeasurement(
          { id: workload.id, label: `${workload.label}, chained`, unit: 'appends/s', per: 'append' },
          result.subject,
          peakRssMiB,
        );
        results.push(
          withRatio(
            measured,
            'the same without the chain',
            (result.reference.operations * 1000) / result.reference.durationMs,
          ),
        );
      }
      return results;
    } finally {
      await chainedStore.close();
      await plainStore.close();
      await chained.drop();
      await plain.drop();
    }
  },
};
