import { assertNever } from '@gateway/domain';
import type { RecordedEvent } from '@gateway/event-store';
import { Scheduler } from '@gateway/platform';
import { type BatchColumn, foldSnapshots, insertRows, type Projection, ReadModelProjection } from '@gateway/projections';
import { Injectable } from '@nestjs/common';
import type { ClientBase } from 'pg';
import { VIRTUAL_ACCOUNT_EVENT_TYPES, type VirtualAccountEvent, type VirtualAccountSnapshot } from '../domain/virtual-account.events';

export const VIRTUAL_ACCOUNTS_PROJECTION = 'virtual-accounts.accounts';
export const EXPIRE_VIRTUAL_ACCOUNT_JOB = 'virtual-accounts.expire';

export interface ExpireVirtualAccountPayload {
  vaId: string;
}

/** One job per (account, date): a moved date gets its own job; the old one finds nothing to do. */
const expiryKey = (snapshot: VirtualAccountSnapshot) => `fva-expire:${snapshot.vaId}:${snapshot.expirationDate}`;

type Folded = { first: VirtualAccountSnapshot; last: VirtualAccountSnapshot };
type PaidAccount = Extract<VirtualAccountEvent, { type: 'VirtualAccountPaid' }>['data'];

const ACCOUNT_COLUMNS: BatchColumn<Folded>[] = [
  { name: 'va_id', type: 'text', value: (row) => row.first.vaId },
  { name: 'business_id', type: 'text', value: (row) => row.first.businessId },
  { name: 'mode', type: 'text', value: (row) => row.first.mode },
  { name: 'bank_code', type: 'text', value: (row) => row.first.bankCode },
  { name: 'account_number', type: 'text', value: (row) => row.first.accountNumber },
  { name: 'status', type: 'text', value: (row) => row.last.status },
  { name: 'snapshot', type: 'jsonb', value: (row) => JSON.stringify(row.last) },
  { name: 'updated_at', type: 'timestamptz', value: (row) => row.last.updatedAt },
];
const PAYMENT_COLUMNS: BatchColumn<PaidAccount>[] = [
  { name: 'record_id', type: 'text', value: ({ payment }) => payment.id },
  { name: 'payment_id', type: 'text', value: ({ payment }) => payment.paymentId },
  { name: 'va_id', type: 'text', value: ({ payment }) => payment.vaId },
  { name: 'business_id', type: 'text', value: ({ snapshot }) => snapshot.businessId },
  { name: 'mode', type: 'text', value: ({ snapshot }) => snapshot.mode },
  { name: 'payment', type: 'jsonb', value: ({ payment }) => JSON.stringify(payment) },
  { name: 'created_at', type: 'timestamptz', value: ({ payment }) => payment.transactionTimestamp },
  { name: 'claimed_by', type: 'jsonb', value: ({ claimedBy }) => (claimedBy ? JSON.stringify(claimedBy) : null) },
];

/**
 * The accounts and payments the GETs read, and the expiry timer: a job due at the account's
 * `expiration_date` on the business clock, written in the same transaction as its row.
 */
@ReadModelProjection()
@Injectable()
export class VirtualAccountsProjection implements Projection {
  readonly name = VIRTUAL_ACCOUNTS_PROJECTION;
  readonly tables = ['virtual_accounts', 'virtual_account_payments'];
  readonly eventTypes = VIRTUAL_ACCOUNT_EVENT_TYPES;

  constructor(private readonly scheduler: Scheduler) {}

  /**
   * A batch in a few statements: the snapshots of one account folded in memory (the first fixes
   * the columns an upsert never changes, the last the rest, as one upsert per event would leave
   * them), one upsert for them, one insert for the payments, one `scheduleMany` for the timers.
   */
  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    const snapshots: VirtualAccountSnapshot[] = [];
    const payments = new Map<string, PaidAccount>();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as VirtualAccountEvent;
      switch (event.type) {
        case 'VirtualAccountCreated':
        case 'VirtualAccountUpdated':
        case 'VirtualAccountExpired':
        case 'VirtualAccountDeactivated':
          snapshots.push(event.data.snapshot);
          break;
        case 'VirtualAccountPaid':
          if (!payments.has(event.data.payment.id)) payments.set(event.data.payment.id, event.data);
          break;
        default:
          assertNever(event, 'virtual account event');
      }
    }
    await insertRows(tx, 'virtual_accounts', ACCOUNT_COLUMNS, foldSnapshots(snapshots, (snapshot) => snapshot.vaId),
      'ON CONFLICT (va_id) DO UPDATE SET status = EXCLUDED.status, snapshot = EXCLUDED.snapshot, updated_at = EXCLUDED.updated_at');
    await insertRows(tx, 'virtual_account_payments', PAYMENT_COLUMNS, [...payments.values()], 'ON CONFLICT (record_id) DO NOTHING');
    // Every written snapshot that is not INACTIVE (re)schedules its expiry, as before: one per event.
    await this.scheduler.scheduleMany(
      snapshots
        .filter((snapshot) => snapshot.status !== 'INACTIVE')
        .map((snapshot) => ({
          kind: EXPIRE_VIRTUAL_ACCOUNT_JOB,
          key: expiryKey(snapshot),
          payload: { vaId: snapshot.vaId } as ExpireVirtualAccountPayload,
          dueAt: new Date(snapshot.expirationDate),
          businessId: snapshot.businessId,
          mode: snapshot.mode,
        })),
      tx as never,
    );
  }
}
