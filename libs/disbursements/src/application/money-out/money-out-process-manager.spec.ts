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

  it('leaves alone a disbursement whose creation came in the same batch (no append bound to fail)', async () => {
    // The usual order: the handler appends the creation right after the reservation, and the
    // follower meets both in one batch. Creating again would be a `no_stream` append refused by the
    // store: a statement for nothing on every disbursement.
    const other = { ...snapshot, disbursementId: 'c3d4e5f6a7b8c9d0e1f2a3b4' };
    const reserved: RecordedEvent = {
      ...reservation,
      id: randomUUID(),
      data: { kind: 'disbursement', disbursementId: other.disbursementId, amount: 150_000, disbursement: other },
    };
    const created: RecordedEvent = {
      ...reservation,
      id: randomUUID(),
      type: 'DisbursementCreated',
      streamName: disbursementStream(other.disbursementId),
      position: { commit: 2n, prepare: 2n },
      data: { ...other, status: 'PENDING' },
    };
    const appends = jest.spyOn(suite.store, 'append');
    try {
      await follower.apply([reserved, created]);
      expect(appends).not.toHaveBeenCalled();
      // Without its creation in the batch, the same reservation is still made good.
      await follower.apply([reserved]);
      expect(appends).toHaveBeenCalledTimes(1);
      expect(appends.mock.calls[0][0]).toBe(disbursementStream(other.disbursementId));
    } finally {
      appends.mockRestore();
    }
  });
});
