import { CreateDisbursementsCommand } from '@gateway/disbursements';
import { LEDGER_PROJECTION, ReconcileLedgerQuery } from '@gateway/ledger';
import { readCheckpoint } from '@gateway/projections';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { performance } from 'node:perf_hooks';
import { type Measurement, toMeasurement, withTarget } from '../../core/measurement';
import { withPeakRss } from '../../core/peak-rss';
import type { Scenario, ScenarioContext } from '../../core/scenario';
import { runTimedWorkers } from '../../core/timed-workers';
import { benchContext, fundedBusiness, startGatewayContext } from './gateway-context';
import { seedJournalEvents } from './seed-journal';

/** Concurrent POST /disbursements command loops (what an api process runs per request, without HTTP). */
const WORKERS = 32;
const BUSINESSES = 50;
const JOURNAL_ENTRIES = 1_000_000;
const RECONCILE_TARGET_SECONDS = 10;

export const ledgerScenario: Scenario = {
  name: 'ledger',
  description:
    `Disbursements through the command bus (validation, balance aggregate, disbursement stream, ` +
    `read-your-writes) with ${WORKERS} concurrent loops, api + worker in the benchmark process; ` +
    `reconciliation over ${JOURNAL_ENTRIES.toLocaleString('en')} journal entries`,
  async run(context) {
    return [...(await disbursementThroughput(context)), await reconcileTime(context)];
  },
};

async function disbursementThroughput(context: ScenarioContext): Promise<Measurement[]> {
  const database = await context.postgres.createDatabase([], 30);
  const app = await startGatewayContext(database);
  try {
    const commands = app.get(CommandBus);
    const results: Measurement[] = [];
    for (const spread of [1, BUSINESSES]) {
      context.log(`ledger: disbursements/s across ${spread} business${spread === 1 ? '' : 'es'} (${WORKERS} loops)`);
      const businesses = await Promise.all(
        Array.from({ length: spread }, () => fundedBusiness(app, 1_000_000_000_000)),
      );
      let next = 0;
      const workers = Array.from({ length: WORKERS }, (_, worker) => async () => {
        const business = businesses[(worker + next++) % spread];
        await commands.execute(
          new CreateDisbursementsCommand(
            business.business_id,
            'test',
            [
              {
                externalId: `bench-${next}`,
                amount: 10_000,
                bankCode: 'BNI',
                accountHolderName: 'Bench',
                accountNumber: '1234567890',
                description: 'bench',
              },
            ],
            { ...benchContext('disburse'), businessId: business.business_id, mode: 'test' },
          ),
        );
      });
      const { result, peakRssMiB } = await withPeakRss(() => runTimedWorkers(workers, context.options));
      results.push(
        toMeasurement(
          {
            id: spread === 1 ? 'ledger.disbursements.hot-balance' : `ledger.disbursements.${spread}-businesses`,
            label:
              spread === 1
                ? `disbursements, one hot balance, ${WORKERS} concurrent`
                : `disbursements across ${spread} businesses, ${WORKERS} concurrent`,
            unit: 'disbursements/s',
            per: 'disbursement',
          },
          result,
          peakRssMiB,
        ),
      );
    }
    return results;
  } finally {
    await app.close();
    await database.drop();
  }
}

async function reconcileTime(context: ScenarioContext): Promise<Measurement> {
  const database = await context.postgres.createDatabase([], 30);
  const app = await startGatewayContext(database);
  try {
    context.log(`ledger: seeding events for ${JOURNAL_ENTRIES.toLocaleString('en')} journal entries`);
    const events = await seedJournalEvents(database.pool, JOURNAL_ENTRIES, BUSINESSES);
    context.log(`ledger: waiting for the journal to post ${events.toLocaleString('en')} events`);
    for (;;) {
      const checkpoint = await readCheckpoint(database.pool, LEDGER_PROJECTION);
      if (Number(checkpoint?.eventsSeen ?? 0n) >= events) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const { rows } = await database.pool.query<{ n: string }>('SELECT count(*) AS n FROM ledger_entries');
    context.log(`ledger: reconciling ${Number(rows[0].n).toLocaleString('en')} entries`);
    const started = performance.now();
    const { result: report, peakRssMiB } = await withPeakRss(() =>
      app.get(QueryBus).execute(new ReconcileLedgerQuery()),
    );
    const seconds = (performance.now() - started) / 1000;
    if (!report.ok) throw new Error(`reconciliation found ${report.differences.length} differences`);
    const measurement: Measurement = {
      id: 'ledger.reconcile.1m-entries',
      label:
        `reconcile ${report.entries.toLocaleString('en')} journal entries ` +
        `(${report.eventsReplayed.toLocaleString('en')} events replayed)`,
      rate: report.entries / seconds,
      unit: 'entries/s',
      operations: report.entries,
      durationMs: seconds * 1000,
      peakRssMiB,
      note: `${seconds.toFixed(2)} s; target <= ${RECONCILE_TARGET_SECONDS} s`,
    };
    return withTarget(measurement, JOURNAL_ENTRIES / RECONCILE_TARGET_SECONDS);
  } finally {
    await app.close();
    await database.drop();
  }
}
