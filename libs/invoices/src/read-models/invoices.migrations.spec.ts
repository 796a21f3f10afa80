import { migrate } from '@gateway/database';
import { eventStoreMigrations, PostgresEventStore } from '@gateway/event-store';
import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import { randomUUID } from 'node:crypto';
import { invoicesMigrations } from './invoices.migrations';

const metadata = { correlationId: 'old-release', actor: 'system:test', occurredAt: '2027-01-01T00:00:00.000Z' };
const reserved = (number: string, invoiceId: string, reservedUntil: string) => ({
  id: randomUUID(),
  type: 'PoolNumberReserved',
  data: { number, invoiceId, reservedUntil, reservedAt: '2027-01-01T00:00:00.000Z' },
  metadata,
});

/**
 * Invoices migration 3 on a database an older release wrote: POOL numbers were reservation streams
 * then, and each number's latest reservation must become its claim, so an invoice keeps its number.
 */
describe('invoices migration 3: POOL reservations become claims', () => {
  let db: TestDatabase;
  afterAll(async () => db?.drop());

  it("carries each number's latest reservation over as its claim, and is a no-op run again", async () => {
    const upToTwo = { ...invoicesMigrations, migrations: invoicesMigrations.migrations.slice(0, 2) };
    db = await createTestDatabase([eventStoreMigrations, upToTwo]);
    const store = new PostgresEventStore(db.pool);
    try {
      const held = 'invoicepoolva-biz.test.BNI.8808000001';
      const reused = 'invoiceretailcode-test.ALFAMART.TEST12000002';
      await store.append(held, [reserved('8808000001', 'inv-a', '2027-01-02T00:00:00.000Z')], 'no_stream');
      await store.append(
        reused,
        [
          reserved('TEST12000002', 'inv-b', '2027-01-01T06:00:00.000Z'),
          {
            id: randomUUID(),
            type: 'PoolNumberReleased',
            data: { number: 'TEST12000002', invoiceId: 'inv-b' },
            metadata,
          },
          reserved('TEST12000002', 'inv-c', '2027-01-03T00:00:00.000Z'),
        ],
        'no_stream',
      );

      await migrate(db.pool, [eventStoreMigrations, invoicesMigrations]);
      await migrate(db.pool, [eventStoreMigrations, invoicesMigrations]);

      expect(await store.claimHolder(held)).toEqual({
        stream: 'invoice-inv-a',
        until: new Date('2027-01-02T00:00:00Z'),
      });
      expect(await store.claimHolder(reused)).toEqual({
        stream: 'invoice-inv-c',
        until: new Date('2027-01-03T00:00:00Z'),
      });
      const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es_claims');
      expect(rows[0].n).toBe(2);
    } finally {
      await store.close();
    }
  });
});
