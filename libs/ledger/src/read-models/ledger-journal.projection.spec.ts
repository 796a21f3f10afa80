import { randomUUID } from 'node:crypto';
import { clockMigrations } from '@gateway/clock';
import { loadConfig } from '@gateway/config';
import type { RecordedEvent } from '@gateway/event-store';
import { projectionMigrations, runPlannedStatements } from '@gateway/projections';
import { Scheduler, schedulerMigrations } from '@gateway/scheduler';
import { createTestDatabase, moneyInReceived, type TestDatabase } from '@gateway/testing';
import type { MoneyMovementEvent } from '../domain/money-movement.events';
import { SettlementPolicy } from '../application/settle-payment/settlement-policy';
import { LedgerJournalProjection } from './ledger-journal.projection';
import { ledgerMigrations } from './ledger.migrations';

const at = '2026-11-22T10:00:00.000Z';
let position = 1n;

function recorded(event: MoneyMovementEvent, businessId = 'biz_ledger_spec'): RecordedEvent {
  position += 1n;
  return {
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: { correlationId: 'spec', actor: 'system:spec', occurredAt: at, businessId, mode: 'test' },
    streamName: `money-${event.data.movementId}`,
    revision: 0n,
    position: { commit: position, prepare: position },
    recordedAt: new Date(at),
  };
}

const received = (movementId: string, grossAmount: number) =>
  recorded(
    moneyInReceived(
      { movementId, source: { context: 'spec', resourceId: movementId }, channel: 'BCA' },
      {
        grossAmount,
        fee: 0,
        feeTax: 0,
      },
      at,
    ),
  );

describe('LedgerJournalProjection (its planned statements, as the runner sends them)', () => {
  let db: TestDatabase;
  let projection: LedgerJournalProjection;
  beforeAll(async () => {
    db = await createTestDatabase([projectionMigrations, clockMigrations, schedulerMigrations, ledgerMigrations]);
    projection = new LedgerJournalProjection(new Scheduler(db.pool), new SettlementPolicy(loadConfig({})));
  });
  afterAll(() => db.drop());

  const applyInTransaction = async (events: RecordedEvent[]) => {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await runPlannedStatements(client, projection.plannedStatements(events));
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  };
  const balances = async () =>
    Object.fromEntries(
      (
        await db.pool.query<{ account: string; balance: string; entries: string }>(
          'SELECT account, balance, entries FROM ledger_balances ORDER BY account',
        )
      ).rows.map((row) => [row.account, `${row.balance}/${row.entries}`]),
    );

  it('journals a batch once: replayed, it moves no balance and writes no entry again', async () => {
    const batch = [received('m1', 100_000), received('m2', 50_000)];
    await applyInTransaction(batch);
    const once = await balances();
    expect(once).toEqual({ HOLDING: '150000/2', PAYERS: '-150000/2' });
    await applyInTransaction(batch);
    await applyInTransaction([batch[1], received('m3', 1_000)]);
    expect(await balances()).toEqual({ HOLDING: '151000/3', PAYERS: '-151000/3' });
    const entries = await db.pool.query('SELECT count(*)::int AS n FROM ledger_entries');
    expect(entries.rows[0].n).toBe(6);
    const sums = await db.pool.query(
      'SELECT account, sum(amount)::text AS total FROM ledger_entries GROUP BY account ORDER BY account',
    );
    expect(sums.rows).toEqual([
      { account: 'HOLDING', total: '151000' },
      { account: 'PAYERS', total: '-151000' },
    ]);
  });

  it('schedules a settlement per payment, none for one settled in its batch, cancels one settled later', async () => {
    const jobs = async () =>
      (
        await db.pool.query<{ job_key: string; status: string }>(
          "SELECT job_key, status FROM scheduled_jobs WHERE job_key LIKE '%m-settle-%' ORDER BY job_key",
        )
      ).rows.map((row) => `${row.job_key.replace(/^.*(m-settle-\d)$/, '$1')}:${row.status}`);
    const settled = (movementId: string, amount: number) =>
      recorded({ type: 'MoneyInSettled', data: { movementId, currency: 'IDR', amount, settledAt: at } });
    await applyInTransaction([received('m-settle-1', 10_000), received('m-settle-2', 20_000)]);
    await applyInTransaction([received('m-settle-3', 30_000), settled('m-settle-3', 30_000)]);
    expect(await jobs()).toEqual(['m-settle-1:pending', 'm-settle-2:pending']);
    await applyInTransaction([settled('m-settle-1', 10_000)]);
    expect(await jobs()).toEqual(['m-settle-1:cancelled', 'm-settle-2:pending']);
  });
});
