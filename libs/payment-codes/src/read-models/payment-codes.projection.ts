import { assertNever } from '@gateway/domain';
import type { RecordedEvent } from '@gateway/event-store';
import { Scheduler } from '@gateway/platform';
import { type Projection, ReadModelProjection } from '@gateway/projections';
import { Injectable } from '@nestjs/common';
import type { ClientBase } from 'pg';
import { PAYMENT_CODE_EVENT_TYPES, type PaymentCodeEvent, type PaymentCodeSnapshot } from '../domain/payment-code.events';

export const PAYMENT_CODES_PROJECTION = 'payment-codes.codes';
export const EXPIRE_PAYMENT_CODE_JOB = 'payment-codes.expire';

export interface ExpirePaymentCodePayload {
  fpcId: string;
}

/** One job per (code, date): a moved date gets its own job; the old one finds nothing to do. */
const expiryKey = (snapshot: PaymentCodeSnapshot) => `fpc-expire:${snapshot.fpcId}:${snapshot.expirationDate}`;

/** The codes and payments the GETs read, and the expiry timer (same transaction as the row). */
@ReadModelProjection()
@Injectable()
export class PaymentCodesProjection implements Projection {
  readonly name = PAYMENT_CODES_PROJECTION;
  readonly tables = ['fixed_payment_codes', 'fixed_payment_code_payments'];
  readonly eventTypes = PAYMENT_CODE_EVENT_TYPES;

  constructor(private readonly scheduler: Scheduler) {}

  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as PaymentCodeEvent;
      switch (event.type) {
        case 'FixedPaymentCodeCreated':
        case 'FixedPaymentCodeUpdated':
        case 'FixedPaymentCodeExpired':
        case 'FixedPaymentCodeDeactivated':
          await this.write(event.data.snapshot, tx);
          break;
        case 'FixedPaymentCodePaid': {
          const { payment, snapshot } = event.data;
          await tx.query(
            `INSERT INTO fixed_payment_code_payments (record_id, payment_id, fpc_id, business_id, mode, payment, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (record_id) DO NOTHING`,
            [payment.id, payment.paymentId, payment.fpcId, snapshot.businessId, snapshot.mode, JSON.stringify(payment), payment.transactionTimestamp],
          );
          break;
        }
        default:
          assertNever(event, 'payment code event');
      }
    }
  }

  private async write(snapshot: PaymentCodeSnapshot, tx: ClientBase): Promise<void> {
    await tx.query(
      `INSERT INTO fixed_payment_codes (fpc_id, business_id, mode, retail_outlet_name, payment_code, status, snapshot, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (fpc_id) DO UPDATE SET status = EXCLUDED.status, snapshot = EXCLUDED.snapshot, updated_at = EXCLUDED.updated_at`,
      [snapshot.fpcId, snapshot.businessId, snapshot.mode, snapshot.retailOutletName, snapshot.paymentCode, snapshot.status, JSON.stringify(snapshot), snapshot.updatedAt],
    );
    if (snapshot.status === 'INACTIVE') return;
    const payload: ExpirePaymentCodePayload = { fpcId: snapshot.fpcId };
    await this.scheduler.schedule(
      { kind: EXPIRE_PAYMENT_CODE_JOB, key: expiryKey(snapshot), payload, dueAt: new Date(snapshot.expirationDate), businessId: snapshot.businessId, mode: snapshot.mode },
      tx as never,
    );
  }
}
