import { AdvanceTestClockCommand } from '@gateway/accounts';
import { DISBURSEMENTS_PROJECTION } from '@gateway/disbursements';
import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import { LEDGER_PROJECTION } from '@gateway/ledger';
import {
  discoverProjections,
  type Projection,
  ProjectionRunner,
  readCheckpoint,
  rebuildAllProjections,
} from '@gateway/projections';
import { CommandBus } from '@nestjs/cqrs';
import { DiscoveryService } from '@nestjs/core';
import { eventually } from './support/eventually';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * `rebuildAllProjections` loads the ledger journal and the disbursements through their bulk path
 * (COPY, no ON CONFLICT, the journal's indexes dropped during the load): the tables must come out
 * exactly as the live projections left them, with the same indexes, also when the rebuild is cut
 * short and a runner (the live path) finishes it.
 */
describe('rebuilding every read model in one pass (bulk load)', () => {
  let gateway: TestApp;
  let api: TestApp;
  let projections: Projection[];
  let store: EventStore;
  let live: Snapshot;
  let total: number;

  type Snapshot = Record<string, unknown[]>;
  const TABLES = ['ledger_transactions', 'ledger_entries', 'ledger_balances', 'disbursements'];
  const snapshot = async (): Promise<Snapshot> => {
    const result: Snapshot = {};
    for (const table of TABLES) {
      result[table] = (
        await gateway.db.pool.query(`SELECT row_to_json(t)::text AS row FROM ${table} t ORDER BY 1`)
      ).rows.map((row) => row.row);
      result[`${table} indexes`] = (
        await gateway.db.pool.query(
          'SELECT indexname, indexdef FROM pg_indexes WHERE tablename = $1 ORDER BY indexname',
          [table],
        )
      ).rows;
    }
    return result;
  };
  const deferred = async (name: string) =>
    (await gateway.db.pool.query('SELECT deferred_indexes FROM projection_checkpoints WHERE name = $1', [name])).rows[0]
      ?.deferred_indexes;

  beforeAll(async () => {
    gateway = await startTestApp();
    const merchant = await provisionBusiness(gateway.app);
    const key = merchant.test.secret_key;
    await call(gateway.baseUrl, key, 'POST', '/balance/top_up', { body: { amount: 3_000_000 } });
    await call(gateway.baseUrl, key, 'POST', '/balance/top_up', {
      body: { amount: 500_000, channel: 'CREDIT_CARD', settlement: 'scheduled' },
    });
    await call(gateway.baseUrl, key, 'POST', '/balance/top_up', { body: { amount: 80_000, currency: 'PHP' } });
    const payout = (externalId: string, accountNumber: string, amount: number) =>
      call(gateway.baseUrl, key, 'POST', '/disbursements', {
        body: {
          external_id: externalId,
          bank_code: 'BRI',
          account_holder_name: 'Tab\there "quoted" \\ back',
          account_number: accountNumber,
          description: 'line\nbreak',
          amount,
        },
      });
    await payout('bulk-ok', '1234567890', 700_000);
    await payout('bulk-fail', '9999000003', 400_000);
    await call(gateway.baseUrl, key, 'POST', '/batch_disbursements', {
      body: {
        reference: 'bulk-batch',
        disbursements: [
          {
            external_id: 'bulk-b1',
            bank_code: 'BCA',
            account_holder_name: 'B',
            account_number: '0123456789',
            description: 'y',
            amount: 50_000,
          },
        ],
      },
    });
    await gateway.app.get(CommandBus).execute(
      new AdvanceTestClockCommand(merchant.business_id, 5 * 86_400_000, {
        requestId: 'req_bulk_rebuild',
        actor: 'system:test',
      }),
    );
    expect(
      await eventually(
        async () =>
          (await call(gateway.baseUrl, key, 'GET', '/balance?account_type=HOLDING&currency=IDR')).body.balance,
        (holding) => holding === 0,
      ),
    ).toBe(0);
    const answered = (list: unknown) =>
      Array.isArray(list) && list.length > 0 && list.every((d: { status: string }) => d.status !== 'PENDING');
    for (const externalId of ['bulk-ok', 'bulk-fail', 'bulk-b1'])
      await eventually(
        async () => (await call(gateway.baseUrl, key, 'GET', `/disbursements?external_id=${externalId}`)).body,
        answered,
      );
    total = Number((await gateway.db.pool.query('SELECT count(*) AS n FROM es_events')).rows[0].n);
    for (const name of [LEDGER_PROJECTION, DISBURSEMENTS_PROJECTION]) {
      await eventually(
        async () => Number((await readCheckpoint(gateway.db.pool, name))?.eventsSeen ?? 0n),
        (seen) => seen >= total,
      );
    }
    live = await snapshot();
    expect(live.ledger_entries.length).toBeGreaterThanOrEqual(20);
    expect(live['ledger_entries indexes']).toHaveLength(2);

    // The worker stops (its runners give up their leases); an api without a worker stays on the
    // same database for its projections and event store.
    await gateway.app.close();
    api = await startTestApp({ databaseUrl: gateway.db.url, withWorker: false });
    projections = discoverProjections(api.app.get(DiscoveryService)).filter(
      (p) => p.name === LEDGER_PROJECTION || p.name === DISBURSEMENTS_PROJECTION,
    );
    expect(projections).toHaveLength(2);
    store = api.app.get<EventStore>(EVENT_STORE);
  });
  afterAll(async () => {
    await api?.close();
    await gateway?.db.drop();
  });

  it('yields exactly the live tables and indexes, whatever the page size', async () => {
    for (const pageSize of [3, 1000]) {
      await rebuildAllProjections(gateway.db.pool, store, projections, { pageSize });
      expect(await snapshot()).toEqual(live);
      expect(await deferred(LEDGER_PROJECTION)).toBeNull();
    }
  });

  it(
    'cut short mid-way, is finished by a runner (indexes built first, ' + 'then the live apply) to the same tables',
    async () => {
      const ledger = projections.find((p) => p.name === LEDGER_PROJECTION)!;
      let pages = 0;
      const cutShort: Projection = {
        ...ledger,
        name: ledger.name,
        tables: ledger.tables,
        apply: (events, tx) => ledger.apply(events, tx),
        bulkLoad: {
          deferIndexesOn: ledger.bulkLoad!.deferIndexesOn,
          apply: async (events, tx) => {
            pages += 1;
            if (pages === 4) throw new Error('cut short');
            await ledger.bulkLoad!.apply(events, tx);
          },
        },
      };
      await expect(rebuildAllProjections(gateway.db.pool, store, [cutShort], { pageSize: 3 })).rejects.toThrow(
        'cut short',
      );
      const seen = Number((await readCheckpoint(gateway.db.pool, LEDGER_PROJECTION))!.eventsSeen);
      expect(seen).toBeGreaterThan(0);
      expect(seen).toBeLessThan(total);
      expect(await deferred(LEDGER_PROJECTION)).toHaveLength(5);
      expect(
        (
          await gateway.db.pool.query(
            `SELECT count(*)::int AS n FROM pg_indexes WHERE tablename IN ('ledger_transactions', 'ledger_entries')`,
          )
        ).rows[0].n,
      ).toBe(0);

      expect(
        await new ProjectionRunner(gateway.db.pool, store, ledger, undefined, { batchSize: 5 }).runUntilCaughtUp(),
      ).toBe(true);
      expect(await snapshot()).toEqual(live);
      expect(await deferred(LEDGER_PROJECTION)).toBeNull();
    },
  );
});
