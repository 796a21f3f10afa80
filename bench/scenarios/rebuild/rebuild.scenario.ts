import { CreateDisbursementsCommand } from '@gateway/disbursements';
import { CoreModule } from '@gateway/bootstrap';
import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import { loadConfig } from '@gateway/config';
import { discoverProjections, type Projection, rebuildAllProjections } from '@gateway/projections';
import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { performance } from 'node:perf_hooks';
import type { Pool } from 'pg';
import { type Measurement, withTarget } from '../../core/measurement';
import type { Scenario, ScenarioContext } from '../../core/scenario';
import { benchContext, fundedBusiness, startGatewayContext } from '../ledger/gateway-context';

const EVENTS = 1_000_000;
const TARGET_EVENTS_PER_SECOND = 50_000;
const MIB = 1024 * 1024;

@Module({})
class RebuildBenchModule {
  static forRoot(databaseUrl: string): DynamicModule {
    // No worker: nothing competes with the rebuild for the projections' leases.
    return {
      module: RebuildBenchModule,
      imports: [
        CoreModule.forRoot({ config: loadConfig({ LOG_LEVEL: 'error' }), databaseUrl, poolSize: 20 }),
        DiscoveryModule,
      ],
    };
  }
}

export const rebuildScenario: Scenario = {
  name: 'rebuild',
  description:
    `Rebuild of every read model (projections with tables) from a ${EVENTS.toLocaleString('en')}-event ` +
    `log, in one pass over the log (rebuildAllProjections)`,
  async run(context) {
    return rebuildEverything(context);
  },
};

/** Page sizes measured on the same log, one after the other: the default first. */
const PAGE_SIZES = [5000, 2000];

async function rebuildEverything(context: ScenarioContext): Promise<Measurement[]> {
  const database = await context.postgres.createDatabase([], 30);
  try {
    context.log('rebuild: a real template workload (top-ups, disbursements through their whole lifecycle)');
    const gateway = await startGatewayContext(database);
    try {
      await templateWorkload(gateway.get(CommandBus), gateway);
    } finally {
      await gateway.close();
    }
    context.log(`rebuild: copying the template's streams up to ${EVENTS.toLocaleString('en')} events`);
    const events = await replicateTemplate(database.pool, EVENTS);
    const app = await NestFactory.createApplicationContext(RebuildBenchModule.forRoot(database.url), {
      logger: ['error'],
    });
    try {
      const projections = discoverProjections(app.get(DiscoveryService));
      context.log(
        `rebuild: ${events.toLocaleString('en')} events into ${projections
          .filter((p) => p.tables.length > 0 && p.rebuildable !== false)
          .map((p) => p.name)
          .join(', ')}`,
      );
      const measurements: Measurement[] = [];
      for (const pageSize of PAGE_SIZES)
        measurements.push(
          await rebuildOnce(context, database.pool, app.get<EventStore>(EVENT_STORE), projections, events, pageSize),
        );
      return measurements;
    } finally {
      await app.close();
    }
  } finally {
    await database.drop();
  }
}

async function rebuildOnce(
  context: ScenarioContext,
  pool: Pool,
  store: EventStore,
  projections: Projection[],
  events: number,
  pageSize: number,
): Promise<Measurement> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  // Memory at every tenth of the log: RSS, and the V8 heap in use (live objects plus garbage
  // not yet collected) against the heap V8 has reserved, to tell a leak from GC headroom.
  const tenths: NodeJS.MemoryUsage[] = [];
  const started = performance.now();
  const result = await rebuildAllProjections(pool, store, projections, {
    pageSize,
    onProgress: (done) => {
      while (tenths.length < 10 && done >= ((tenths.length + 1) * events) / 10) tenths.push(process.memoryUsage());
    },
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rssAtTenth = tenths[0]?.rss ?? 0;
  const heapUsed = tenths.map((m) => m.heapUsed);
  const mib = (bytes: number) => (bytes / MIB).toFixed(0);
  context.log(
    `rebuild (pages of ${pageSize}): ${(result.events / seconds).toFixed(0)} events/s; ` +
      `memory at each tenth of the log (RSS / heap used / heap total / external, ` +
      `MiB): ${tenths.map((m) => `${mib(m.rss)}/${mib(m.heapUsed)}/${mib(m.heapTotal)}/${mib(m.external)}`).join(' ')}`,
  );
  const slowest = Object.entries(result.applyMs).sort(([, a], [, b]) => b - a);
  const indexing = Object.entries(result.indexMs).filter(([, ms]) => ms >= 50);
  context.log(
    `rebuild (pages of ${pageSize}): waiting for pages ${(result.readWaitMs / 1000).toFixed(1)} s; ` +
      `time in each projection's transactions: ` +
      `${slowest.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(', ')}; ` +
      `then building the indexes deferred during the load: ` +
      `${indexing.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(', ') || 'none'}`,
  );
  const measurement: Measurement = {
    id: `rebuild.all-projections.1m-events.page-${pageSize}`,
    label:
      `rebuild ${result.projections.length} read models from ${result.events.toLocaleString('en')} events (one ` +
      `pass, pages of ${pageSize})`,
    rate: result.events / seconds,
    unit: 'events/s',
    operations: result.events,
    durationMs: seconds * 1000,
    peakRssMiB: peak / MIB,
    note:
      `${seconds.toFixed(1)} s; RSS ${mib(rssAtTenth)} MiB at 10% of the log, ` +
      `${mib(tenths[tenths.length - 1]?.rss ?? 0)} MiB at the end, peak ${mib(peak)} MiB; ` +
      `V8 heap in use at the tenths ${mib(Math.min(...heapUsed))}–${mib(Math.max(...heapUsed))} MiB, ` +
      `${
        heapUsed[heapUsed.length - 1] <= heapUsed[0] * 1.25
          ? 'not rising with the log (a GC sawtooth)'
          : 'HIGHER at the end than at 10%'
      }`,
  };
  return withTarget(measurement, TARGET_EVENTS_PER_SECOND);
}

async function templateWorkload(commands: CommandBus, gateway: Parameters<typeof fundedBusiness>[0]): Promise<void> {
  const business = await fundedBusiness(gateway, 1_000_000_000);
  for (let i = 0; i < 4; i += 1) {
    await commands.execute(
      new CreateDisbursementsCommand(
        business.business_id,
        'test',
        [
          {
            externalId: `template-${i}`,
            amount: 10_000 + i,
            bankCode: 'BNI',
            accountHolderName: 'Bench',
            accountNumber: '1234567890',
            description: 'bench',
          },
        ],
        { ...benchContext('template'), businessId: business.business_id, mode: 'test' },
      ),
    );
  }
  // Let the rail complete them (the business clock stands inside the instant window).
  await new Promise((resolve) => setTimeout(resolve, 3000));
}

/**
 * Copies every non-business stream of the template under new ids (the stream's id is replaced
 * in its data too) until the log holds `total` events: the same event mix, as one SQL statement
 * per chunk instead of a million appends.
 */
async function replicateTemplate(pool: Pool, total: number): Promise<number> {
  const client = await pool.connect();
  try {
    const size = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0].n);
    await client.query(
      `CREATE TEMP TABLE template AS
      SELECT stream_name, revision, type, data, metadata - 'chainHash' AS metadata, ` +
        `substring(stream_name FROM position('-' IN stream_name) + 1) AS sid, position AS template_position
        FROM es_events WHERE stream_name NOT LIKE 'business-%'`,
    );
    const perCopy = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM template')).rows[0].n);
    const copies = Math.floor((total - size) / perCopy);
    const chunk = Math.max(1, Math.floor(50_000 / perCopy));
    for (let from = 1; from <= copies; from += chunk) {
      await client.query(
        `INSERT INTO es_events (event_id, stream_name, revision, type, data, metadata)
         SELECT gen_random_uuid(), t.stream_name || '_' || i, t.revision, t.type, replace(t.data::text, t.sid, ` +
          `t.sid || '_' || i)::jsonb, t.metadata
           FROM generate_series($1::int, $2::int) AS i CROSS JOIN template t
          ORDER BY i, t.template_position`,
        [from, Math.min(copies, from + chunk - 1)],
      );
    }
    await client.query('VACUUM ANALYZE es_events');
    return Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0].n);
  } finally {
    client.release();
  }
}
