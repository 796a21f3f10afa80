import { randomUUID } from 'node:crypto';
import { CommandPipeline, eventStoreMigrations, PostgresEventStore, type RecordedEvent } from '@gateway/event-store';
import { SystemClock } from '@gateway/clock';
import { storeForSuite } from '@gateway/testing';
import type { CommandBus } from '@nestjs/cqrs';
import { disbursementStream, type DisbursementSnapshot } from '../../domain/disbursement.events';
import { DisbursementMaterializer } from '../disbursement-materializer';
import { MoneyOutProcessManager } from './money-out-process-manager';

const snapshot: DisbursementSnapshot = {
  disbursementId: 'b2c3d4e5f6a7b8c9d0e1f2a3',
  businessId: 'biz_money_out',
  mode: 'test',
  externalId: 'payout-race',
  amount: 150_000,
  currency: 'IDR',
  bankCode: 'BNI',
  accountHolderName: 'Siti Rahma',
  accountNumber: '9876543210',
  description: 'Refund to customer',
  isInstant: true,
  createdAt: '2026-01-05T03:00:00.000Z',
};

/** The reservation a dashboard user's disbursement request appended to the balance stream. */
const reservation: RecordedEvent = {
  id: randomUUID(),
  type: 'MoneyOutReserved',
  streamName: 'balance-biz_money_out.test.IDR',
  revision: 0n,
  position: { commit: 1n, prepare: 1n },
  recordedAt: new Date('2026-01-05T03:00:00.000Z'),
  data: { kind: 'disbursement', disbursementId: snapshot.disbursementId, amount: 150_000, disbursement: snapshot },
  metadata: {
    correlationId: 'req_dashboard_payout',
    actor: 'dashboard:dus_finance',
    occurredAt: '2026-01-05T03:00:00.000Z',
    businessId: 'biz_money_out',
    mode: 'test',
  },
};

describe('MoneyOutProcessManager', () => {
  const suite = storeForSuite([eventStoreMigrations], (pool) => new PostgresEventStore(pool));
  let follower: MoneyOutProcessManager;
  beforeAll(() => {
    const noWaits = { waitFor: async () => true };
    const pipeline = new CommandPipeline(suite.store, new SystemClock(), noWaits, { lagged: () => undefined });
    const noCommands = { execute: async () => undefined } as unknown as CommandBus;
    follower = new MoneyOutProcessManager(noCommands, new DisbursementMaterializer(suite.store, pipeline));
  });

  it('creates a disbursement it was first to see in its requester name, caused by the reservation', async () => {
    // The follower wins the race with the request's handler (a slow or crashed request): the audit
    // trail must still say who asked for the payout, not which of the two appended first.
    await follower.apply([reservation]);
    const [created] = await suite.store.readStream(disbursementStream(snapshot.disbursementId));
    expect(created.type).toBe('DisbursementCreated');
    expect(created.metadata).toMatchObject({
      actor: 'dashboard:dus_finance',
      correlationId: 'req_dashboard_payout',
      causationId: reservation.id,
    });
  });
});
