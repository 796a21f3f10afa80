import { balanceStream, LEDGER_BALANCE_PROCESS } from '@gateway/ledger';
import { EVENT_STORE, type EventStore, type NewEvent } from '@gateway/event-store';
import { randomUUID } from 'node:crypto';
import { eventually } from './support/eventually';
import { settledPayment } from './support/settled-payments';
import { startTestApp, type TestApp } from './support/test-app';
import { provisionBusiness } from './support/test-business';

const PAYMENTS = 1_200;
const PER_APPEND = 600;

/**
 * The balance process credits a merchant's balance for every settled payment. A burst of
 * settlements (a day's payments settling together) must cost a few appends on the balance stream,
 * not one round trip and one commit each, and replaying the log must credit nothing twice.
 */
describe('the balance process under a burst of settlements', () => {
  let gateway: TestApp;
  beforeAll(async () => {
    gateway = await startTestApp();
  });
  afterAll(async () => gateway.close());

  it('credits each settlement once, in log order, in a few appends, and a replay adds nothing', async () => {
    const business = await provisionBusiness(gateway.app);
    const store = gateway.app.get<EventStore>(EVENT_STORE);
    const metadata = {
      businessId: business.business_id,
      mode: 'test' as const,
      correlationId: 'req_burst',
      actor: 'system:test',
    };
    const amounts: number[] = [];
    for (let batch = 0; batch < PAYMENTS / PER_APPEND; batch += 1) {
      const events: NewEvent[] = [];
      for (let i = 0; i < PER_APPEND; i += 1) {
        const amount = 10_000 + amounts.length;
        amounts.push(amount);
        events.push(...settledPayment(metadata, amount));
      }
      await store.append(`bulkpay-${randomUUID()}`, events, 'no_stream');
    }

    const stream = balanceStream(business.business_id, 'test', 'IDR');
    const credited = () =>
      store.readStream(stream).then((events) => events.filter((event) => event.type === 'BalanceCredited'));
    const credits = await eventually(credited, (events) => events.length >= PAYMENTS, 60_000);
    expect(credits.map((event) => (event.data as { amount: number }).amount)).toEqual(amounts);

    // One append per batch of the runner's page, not one per payment.
    const appends = await gateway.db.pool.query<{ n: number }>(
      'SELECT count(DISTINCT tx_id)::int AS n FROM es_events WHERE stream_name = $1',
      [stream],
    );
    expect(appends.rows[0].n).toBeLessThanOrEqual(PAYMENTS / 100);

    // Replay the whole log through the process: every credit is recognised as done before.
    const last = (await store.readAll({ maxCount: 100_000 })).at(-1)!.position;
    await gateway.db.pool.query(
      `UPDATE projection_checkpoints SET commit_pos = 0, prepare_pos = 0, events_seen = 0 WHERE name = $1`,
      [LEDGER_BALANCE_PROCESS],
    );
    await gateway.db.pool.query(`SELECT pg_notify('projection_reset', $1)`, [LEDGER_BALANCE_PROCESS]);
    await eventually(
      () =>
        gateway.db.pool
          .query('SELECT commit_pos::text, prepare_pos::text FROM projection_checkpoints WHERE name = $1', [
            LEDGER_BALANCE_PROCESS,
          ])
          .then((r) => r.rows[0]),
      (row) =>
        BigInt(row.commit_pos) > last.commit ||
        (BigInt(row.commit_pos) === last.commit && BigInt(row.prepare_pos) >= last.prepare),
      60_000,
    );
    expect((await credited()).length).toBe(PAYMENTS);
  });
});
