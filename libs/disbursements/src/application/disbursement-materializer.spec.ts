import { CommandPipeline, eventStoreMigrations, PostgresEventStore } from '@gateway/event-store';
import { SystemClock } from '@gateway/clock';
import { storeForSuite } from '@gateway/testing';
import { disbursementStream, type DisbursementSnapshot } from '../domain/disbursement.events';
import { DisbursementMaterializer } from './disbursement-materializer';

const snapshot: DisbursementSnapshot = {
  disbursementId: 'a1b2c3d4e5f6a7b8c9d0e1f2',
  businessId: 'biz_materializer',
  mode: 'test',
  externalId: 'payout-1',
  amount: 250_000,
  currency: 'IDR',
  bankCode: 'BNI',
  accountHolderName: 'Budi Santoso',
  accountNumber: '1234567890',
  description: 'Supplier payment',
  isInstant: true,
  createdAt: '2026-01-05T03:00:00.000Z',
};
const metadata = {
  correlationId: 'req_materializer',
  actor: 'system:test',
  occurredAt: new Date('2026-01-05T03:00:00.000Z'),
  businessId: 'biz_materializer',
  mode: 'test' as const,
};

describe('DisbursementMaterializer', () => {
  const suite = storeForSuite([eventStoreMigrations], (pool) => new PostgresEventStore(pool));
  let materializer: DisbursementMaterializer;
  beforeAll(() => {
    // Creations here declare no read-your-writes: the pipeline's progress is never asked.
    const noWaits = { waitFor: async () => true };
    const pipeline = new CommandPipeline(suite.store, new SystemClock(), noWaits, { lagged: () => undefined });
    materializer = new DisbursementMaterializer(suite.store, pipeline);
  });

  it(
    'gives the position of the creation whoever appended it, ' + 'so the second caller waits for the same event',
    async () => {
      // The balance process manager and the request's handler both follow the reservation; in
      // either order, both learn where the one DisbursementCreated is (the handler waits for it).
      const [first, second] = await Promise.all([
        materializer.materialize(snapshot, metadata),
        materializer.materialize(snapshot, metadata),
      ]);
      const again = await materializer.materialize(snapshot, metadata);
      const events = await suite.store.readStream(disbursementStream(snapshot.disbursementId));
      expect(events.map((event) => event.type)).toEqual(['DisbursementCreated']);
      expect(first.position).toEqual(events[0].position);
      expect(second.position).toEqual(events[0].position);
      expect(again.position).toEqual(events[0].position);
    },
  );

  it('answers a re-execution with the disbursement as its first execution created it', async () => {
    const original = { ...snapshot, disbursementId: 'f1e2d3c4b5a6f7e8d9c0b1a2', createdAt: '2026-01-05T03:00:00.000Z' };
    await materializer.materialize(original, metadata);
    const again = await materializer.materialize(
      { ...original, createdAt: '2026-01-05T03:01:00.000Z', description: 'retried' },
      metadata,
    );
    expect(again.snapshot).toEqual(original);
  });
});
