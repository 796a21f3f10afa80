import {
  AdvanceTestClockCommand,
  BUSINESSES_PROJECTION,
  GetBusinessQuery,
  ProvisionBusinessCommand,
  RegisterBusinessCommand,
  UpdateSettingsCommand,
} from '@gateway/accounts';
import { discoverProjections, readCheckpoint, resetProjection } from '@gateway/projections';
import { DiscoveryService } from '@nestjs/core';
import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler, Scheduler } from '@gateway/scheduler';
import { Injectable, Module } from '@nestjs/common';
import { Pool } from 'pg';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { startTestApp, type TestApp } from './support/test-app';

const ranJobs: DueJob<{ label: string }>[] = [];

/** A job kind that only records that it ran (the real kinds arrive with the contexts). */
@HandlesScheduledJob('test.record')
@Injectable()
class RecordJobHandler implements ScheduledJobHandler<{ label: string }> {
  async handle(job: DueJob<{ label: string }>): Promise<void> {
    ranJobs.push(job);
  }
}

@Module({ providers: [RecordJobHandler] })
class RecordJobModule {}

const context = { requestId: 'req_e2e', actor: 'system:e2e' };

async function eventually(check: () => boolean, timeoutMs = 10_000, refresh?: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  await refresh?.();
  while (!check()) {
    await refresh?.();
    if (check()) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('foundation end to end (real Nest app, real PostgreSQL)', () => {
  let gateway: TestApp;

  beforeAll(async () => {
    gateway = await startTestApp({ extraModules: [RecordJobModule] });
  });
  afterAll(async () => gateway?.close());

  it('answers /health and /ready with 200 and a JSON body', async () => {
    const health = await fetch(`${gateway.baseUrl}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${gateway.baseUrl}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'up', event_store: 'up' } });
  });

  it("keeps its pooled connections five minutes idle (DATABASE_POOL_IDLE_SECONDS), not pg's 10 s", () => {
    expect(gateway.app.get(Pool).options.idleTimeoutMillis).toBe(300_000);
  });

  it('command -> event -> projection -> query, with read-your-writes', async () => {
    const commands = gateway.app.get(CommandBus);
    const queries = gateway.app.get(QueryBus);
    const { businessId } = await commands.execute(new RegisterBusinessCommand('  Toko Buku  ', context));
    // No waiting here: the command returned only after the projection passed its events.
    const view = await queries.execute(new GetBusinessQuery(businessId));
    expect(view).toMatchObject({ businessId, name: 'Toko Buku', testClockOffsetMs: 0 });

    const { rows } = await gateway.db.pool.query('SELECT type, metadata FROM es_events WHERE stream_name = $1', [
      `business-${businessId}`,
    ]);
    expect(rows).toEqual([
      {
        type: 'BusinessRegistered',
        metadata: expect.objectContaining({ correlationId: 'req_e2e', actor: 'system:e2e', businessId }),
      },
    ]);
  });

  it('a second registration of the same business is refused by the aggregate', async () => {
    const commands = gateway.app.get(CommandBus);
    const { businessId } = await commands.execute(new RegisterBusinessCommand('Once', context));
    await expect(commands.execute(new RegisterBusinessCommand('Twice', context, { businessId }))).rejects.toMatchObject(
      {
        code: 'BUSINESS_ALREADY_REGISTERED_ERROR',
      },
    );
  });

  it("advancing one business's test clock runs its due jobs at once, and only its own", async () => {
    const commands = gateway.app.get(CommandBus);
    const scheduler = gateway.app.get(Scheduler);
    const { businessId: advancing } = await commands.execute(new RegisterBusinessCommand('Advancing', context));
    const { businessId: waiting } = await commands.execute(new RegisterBusinessCommand('Waiting', context));
    const inOneHour = new Date(Date.now() + 3_600_000);
    for (const [businessId, label] of [
      [advancing, 'advanced'],
      [waiting, 'still waiting'],
    ]) {
      await scheduler.schedule({
        kind: 'test.record',
        payload: { label },
        dueAt: inOneHour,
        businessId,
        mode: 'test',
        key: `e2e:${businessId}`,
      });
    }

    const advanced = await commands.execute(new AdvanceTestClockCommand(advancing, 2 * 3_600_000, context));
    expect(advanced.offsetMs).toBe(7_200_000);
    await eventually(() => ranJobs.some((job) => job.payload.label === 'advanced'));
    const ran = ranJobs.find((job) => job.payload.label === 'advanced')!;
    expect(ran.businessId).toBe(advancing);
    expect(ran.now.getTime()).toBeGreaterThanOrEqual(inOneHour.getTime());

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ranJobs.some((job) => job.payload.label === 'still waiting')).toBe(false);
    expect((await gateway.app.get(QueryBus).execute(new GetBusinessQuery(advancing)))?.testClockOffsetMs).toBe(
      7_200_000,
    );
  });
});

describe('rebuilding a real projection', () => {
  let gateway: TestApp;
  beforeAll(async () => {
    gateway = await startTestApp();
  });
  afterAll(async () => gateway?.close());

  it('replaying the accounts projection from the log yields exactly the live tables', async () => {
    const commands = gateway.app.get(CommandBus);
    for (const name of ['One', 'Two', 'Three']) {
      const business = await commands.execute(new ProvisionBusinessCommand(name, context));
      await commands.execute(
        new UpdateSettingsCommand(
          business.business_id,
          'test',
          { fraudDetection: true, retailPaymentCodePrefix: 'ABC' },
          context,
        ),
      );
      await commands.execute(
        new UpdateSettingsCommand(business.business_id, 'test', { retailPaymentCodePrefix: null }, context),
      );
    }
    const snapshot = async () => {
      const tables: Record<string, unknown[]> = {};
      for (const table of ['businesses', 'api_keys', 'business_settings']) {
        tables[table] = (await gateway.db.pool.query(`SELECT * FROM ${table} ORDER BY 1, 2`)).rows;
      }
      return tables;
    };
    const live = await snapshot();
    expect(live.api_keys.length).toBe(12);

    const projection = discoverProjections(gateway.app.get(DiscoveryService)).find(
      (p) => p.name === BUSINESSES_PROJECTION,
    )!;
    await resetProjection(gateway.db.pool, projection);
    let seen = 0;
    const total = Number((await gateway.db.pool.query('SELECT count(*) AS n FROM es_events')).rows[0].n);
    // The live runner replays from the start; its checkpoint counts every event it has seen since the reset.
    await eventually(
      () => seen >= total,
      15_000,
      async () => {
        seen = Number((await readCheckpoint(gateway.db.pool, BUSINESSES_PROJECTION))?.eventsSeen ?? 0n);
      },
    );
    expect(await snapshot()).toEqual(live);
  });
});

describe('readiness when the database is gone', () => {
  it('answers /ready with 503 and an error body, while /health stays 200', async () => {
    const gateway = await startTestApp({ databaseUrl: 'postgres://nobody:nothing@127.0.0.1:1/none' });
    try {
      const ready = await fetch(`${gateway.baseUrl}/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({
        error_code: 'SERVICE_UNAVAILABLE',
        checks: { database: 'down', event_store: 'down' },
      });
      expect((await fetch(`${gateway.baseUrl}/health`)).status).toBe(200);
    } finally {
      await gateway.close();
    }
  });
});
