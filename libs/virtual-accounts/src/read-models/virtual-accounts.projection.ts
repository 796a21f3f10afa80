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

  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as VirtualAccountEvent;
      switch (event.type) {
        case 'VirtualAccountCreated':
        case 'VirtualAccountUpdated':
        case 'VirtualAccountExpired':
        case 'VirtualAccountDeactivated':
          await this.write(event.data.snapshot, tx);
          break;
        case 'VirtualAccountPaid': {
          const { payment, snapshot } = event.data;
          await tx.query(
            `INSERT INTO virtual_account_payments (record_id, payment_id, va_id, business_id, mode, payment, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (record_id) DO NOTHING`,
            [payment.id, payment.paymentId, payment.vaId, snapshot.businessId, snapshot.mode, JSON.stringify(payment), payment.transactionTimestamp],
          );
          break;
        }
        default:
          assertNever(event, 'virtual account event');
      }
    }
  }

  private async write(snapshot: VirtualAccountSnapshot, tx: ClientBase): Promise<void> {
    await tx.query(
      `INSERT INTO virtual_accounts (va_id, business_id, mode, bank_code, account_number, status, snapshot, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (va_id) DO UPDATE SET status = EXCLUDED.status, snapshot = EXCLUDED.snapshot, updated_at = EXCLUDED.updated_at`,
      [snapshot.vaId, snapshot.businessId, snapshot.mode, snapshot.bankCode, snapshot.accountNumber, snapshot.status, JSON.stringify(snapshot), snapshot.updatedAt],
    );
    if (snapshot.status === 'INACTIVE') return;
    const payload: ExpireVirtualAccountPayload = { vaId: snapshot.vaId };
    await this.scheduler.schedule(
      { kind: EXPIRE_VIRTUAL_ACCOUNT_JOB, key: expiryKey(snapshot), payload, dueAt: new Date(snapshot.expirationDate), businessId: snapshot.businessId, mode: snapshot.mode },
      tx as never,
    );
  }
}
