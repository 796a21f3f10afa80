import { assertNever } from '@gateway/domain';
import type { RecordedEvent } from '@gateway/event-store';
import { Scheduler } from '@gateway/platform';
import { type BatchColumn, foldSnapshots, insertRows, type Projection, ReadModelProjection } from '@gateway/projections';
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

type Folded = { first: PaymentCodeSnapshot; last: PaymentCodeSnapshot };
type PaidCode = Extract<PaymentCodeEvent, { type: 'FixedPaymentCodePaid' }>['data'];

const CODE_COLUMNS: BatchColumn<Folded>[] = [
  { name: 'fpc_id', type: 'text', value: (row) => row.first.fpcId },
  { name: 'business_id', type: 'text', value: (row) => row.first.businessId },
  { name: 'mode', type: 'text', value: (row) => row.first.mode },
  { name: 'retail_outlet_name', type: 'text', value: (row) => row.first.retailOutletName },
  { name: 'payment_code', type: 'text', value: (row) => row.first.paymentCode },
  { name: 'status', type: 'text', value: (row) => row.last.status },
  { name: 'snapshot', type: 'jsonb', value: (row) => JSON.stringify(row.last) },
  { name: 'updated_at', type: 'timestamptz', value: (row) => row.last.updatedAt },
];
const PAYMENT_COLUMNS: BatchColumn<PaidCode>[] = [
  { name: 'record_id', type: 'text', value: ({ payment }) => payment.id },
  { name: 'payment_id', type: 'text', value: ({ payment }) => payment.paymentId },
  { name: 'fpc_id', type: 'text', value: ({ payment }) => payment.fpcId },
  { name: 'business_id', type: 'text', value: ({ snapshot }) => snapshot.businessId },
  { name: 'mode', type: 'text', value: ({ snapshot }) => snapshot.mode },
  { name: 'payment', type: 'jsonb', value: ({ payment }) => JSON.stringify(payment) },
  { name: 'created_at', type: 'timestamptz', value: ({ payment }) => payment.transactionTimestamp },
];

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
    const payments = new Map<string, PaidCode>();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as PaymentCodeEvent;
      switch (event.type) {
        case 'FixedPaymentCodeCreated':
        case 'FixedPaymentCodeUpdated':
        case 'FixedPaymentCodeExpired':
        case 'FixedPaymentCodeDeactivated':
          snapshots.push(event.data.snapshot);
          break;
        case 'FixedPaymentCodePaid':
          if (!payments.has(event.data.payment.id)) payments.set(event.data.payment.id, event.data);
          break;
        default:
          assertNever(event, 'payment code event');
      }
    }
    await insertRows(tx, 'fixed_payment_codes', CODE_COLUMNS, foldSnapshots(snapshots, (snapshot) => snapshot.fpcId),
      'ON CONFLICT (fpc_id) DO UPDATE SET status = EXCLUDED.status, snapshot = EXCLUDED.snapshot, updated_at = EXCLUDED.updated_at');
    await insertRows(tx, 'fixed_payment_code_payments', PAYMENT_COLUMNS, [...payments.values()], 'ON CONFLICT (record_id) DO NOTHING');
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
