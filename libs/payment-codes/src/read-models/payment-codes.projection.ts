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

  /**
   * A batch in a few statements: the snapshots of one code folded in memory (the first fixes
   * the columns an upsert never changes, the last the rest, as one upsert per event would leave
   * them), one upsert for them, one insert for the payments, one `scheduleMany` for the timers.
   */
  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    const snapshots: PaymentCodeSnapshot[] = [];
    const rows = new Map<string, { first: PaymentCodeSnapshot; last: PaymentCodeSnapshot }>();
    const payments = new Map<string, { payment: Extract<PaymentCodeEvent, { type: 'FixedPaymentCodePaid' }>['data']['payment']; snapshot: PaymentCodeSnapshot }>();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as PaymentCodeEvent;
      switch (event.type) {
        case 'FixedPaymentCodeCreated':
        case 'FixedPaymentCodeUpdated':
        case 'FixedPaymentCodeExpired':
        case 'FixedPaymentCodeDeactivated': {
          const snapshot = event.data.snapshot;
          snapshots.push(snapshot);
          const row = rows.get(snapshot.fpcId);
          rows.set(snapshot.fpcId, { first: row?.first ?? snapshot, last: snapshot });
          break;
        }
        case 'FixedPaymentCodePaid': {
          const { payment, snapshot } = event.data;
          if (!payments.has(payment.id)) payments.set(payment.id, { payment, snapshot });
          break;
        }
        default:
          assertNever(event, 'payment code event');
      }
    }
    if (rows.size > 0) {
      const folded = [...rows.values()].sort((a, b) => (a.first.fpcId < b.first.fpcId ? -1 : 1));
      await tx.query(
        `INSERT INTO fixed_payment_codes (fpc_id, business_id, mode, retail_outlet_name, payment_code, status, snapshot, updated_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[], $8::timestamptz[])
         ON CONFLICT (fpc_id) DO UPDATE SET status = EXCLUDED.status, snapshot = EXCLUDED.snapshot, updated_at = EXCLUDED.updated_at`,
        [
          folded.map((row) => row.first.fpcId),
          folded.map((row) => row.first.businessId),
          folded.map((row) => row.first.mode),
          folded.map((row) => row.first.retailOutletName),
          folded.map((row) => row.first.paymentCode),
          folded.map((row) => row.last.status),
          folded.map((row) => JSON.stringify(row.last)),
          folded.map((row) => row.last.updatedAt),
        ],
      );
    }
    if (payments.size > 0) {
      const list = [...payments.values()];
      await tx.query(
        `INSERT INTO fixed_payment_code_payments (record_id, payment_id, fpc_id, business_id, mode, payment, created_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::timestamptz[])
         ON CONFLICT (record_id) DO NOTHING`,
        [
          list.map(({ payment }) => payment.id),
          list.map(({ payment }) => payment.paymentId),
          list.map(({ payment }) => payment.fpcId),
          list.map(({ snapshot }) => snapshot.businessId),
          list.map(({ snapshot }) => snapshot.mode),
          list.map(({ payment }) => JSON.stringify(payment)),
          list.map(({ payment }) => payment.transactionTimestamp),
        ],
      );
    }
    // Every written snapshot that is not INACTIVE (re)schedules its expiry, as before: one per event.
    await this.scheduler.scheduleMany(
      snapshots
        .filter((snapshot) => snapshot.status !== 'INACTIVE')
        .map((snapshot) => ({
          kind: EXPIRE_PAYMENT_CODE_JOB,
          key: expiryKey(snapshot),
          payload: { fpcId: snapshot.fpcId } as ExpirePaymentCodePayload,
          dueAt: new Date(snapshot.expirationDate),
          businessId: snapshot.businessId,
          mode: snapshot.mode,
        })),
      tx as never,
    );
  }
}
