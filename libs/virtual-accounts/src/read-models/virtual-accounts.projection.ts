import { assertNever } from '@gateway/domain';
import type { RecordedEvent } from '@gateway/event-store';
import { Scheduler } from '@gateway/platform';
import { type Projection, ReadModelProjection } from '@gateway/projections';
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
    const rows = new Map<string, { first: VirtualAccountSnapshot; last: VirtualAccountSnapshot }>();
    type Paid = Extract<VirtualAccountEvent, { type: 'VirtualAccountPaid' }>['data'];
    const payments = new Map<string, { payment: Paid['payment']; snapshot: VirtualAccountSnapshot; claimedBy?: Paid['claimedBy'] }>();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as VirtualAccountEvent;
      switch (event.type) {
        case 'VirtualAccountCreated':
        case 'VirtualAccountUpdated':
        case 'VirtualAccountExpired':
        case 'VirtualAccountDeactivated': {
          const snapshot = event.data.snapshot;
          snapshots.push(snapshot);
          const row = rows.get(snapshot.vaId);
          rows.set(snapshot.vaId, { first: row?.first ?? snapshot, last: snapshot });
          break;
        }
        case 'VirtualAccountPaid': {
          const { payment, snapshot, claimedBy } = event.data;
          if (!payments.has(payment.id)) payments.set(payment.id, { payment, snapshot, claimedBy });
          break;
        }
        default:
          assertNever(event, 'virtual account event');
      }
    }
    if (rows.size > 0) {
      const folded = [...rows.values()].sort((a, b) => (a.first.vaId < b.first.vaId ? -1 : 1));
      await tx.query(
        `INSERT INTO virtual_accounts (va_id, business_id, mode, bank_code, account_number, status, snapshot, updated_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[], $8::timestamptz[])
         ON CONFLICT (va_id) DO UPDATE SET status = EXCLUDED.status, snapshot = EXCLUDED.snapshot, updated_at = EXCLUDED.updated_at`,
        [
          folded.map((row) => row.first.vaId),
          folded.map((row) => row.first.businessId),
          folded.map((row) => row.first.mode),
          folded.map((row) => row.first.bankCode),
          folded.map((row) => row.first.accountNumber),
          folded.map((row) => row.last.status),
          folded.map((row) => JSON.stringify(row.last)),
          folded.map((row) => row.last.updatedAt),
        ],
      );
    }
    if (payments.size > 0) {
      const list = [...payments.values()];
      await tx.query(
        `INSERT INTO virtual_account_payments (record_id, payment_id, va_id, business_id, mode, payment, created_at, claimed_by)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::timestamptz[], $8::jsonb[])
         ON CONFLICT (record_id) DO NOTHING`,
        [
          list.map(({ payment }) => payment.id),
          list.map(({ payment }) => payment.paymentId),
          list.map(({ payment }) => payment.vaId),
          list.map(({ snapshot }) => snapshot.businessId),
          list.map(({ snapshot }) => snapshot.mode),
          list.map(({ payment }) => JSON.stringify(payment)),
          list.map(({ payment }) => payment.transactionTimestamp),
          list.map(({ claimedBy }) => (claimedBy ? JSON.stringify(claimedBy) : null)),
        ],
      );
    }
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
