import { assertNever } from '@gateway/domain';
import type { RecordedEvent } from '@gateway/event-store';
import { Scheduler } from '@gateway/scheduler';
import { EventByEventProjection, InjectableProjection } from '@gateway/projections';
import type { ClientBase } from 'pg';
import {
  EWALLET_PAYMENT_EVENT_TYPES,
  type EwalletPaymentEvent,
  type EwalletPaymentSnapshot,
} from '../domain/ewallet-payment.events';
import { simulatedOvoDecision } from '../domain/ovo-payer-simulator';

export const EWALLETS_PROJECTION = 'ewallets.payments';
export const OVO_PAYER_DECISION_JOB = 'ewallets.ovo-payer-decision';
export const EXPIRE_CHECKOUT_JOB = 'ewallets.expire-checkout';

/** Both jobs act on one payment stream. */
export interface EwalletJobPayload {
  streamName: string;
}

const decisionKey = (paymentId: string) => `ewallet-ovo-decision:${paymentId}`;
const expiryKey = (paymentId: string) => `ewallet-expire:${paymentId}`;

/**
 * The eWallet read model (GET /ewallets, checkout pages) and the payments' timers, scheduled in
 * the same transaction as the row: the simulated OVO payer's decision (its delay depends on the
 * test phone number) and the checkout expiry of DANA and LINKAJA, both on the business clock.
 */
@InjectableProjection()
export class EwalletPaymentsProjection extends EventByEventProjection<EwalletPaymentEvent> {
  constructor(private readonly scheduler: Scheduler) {
    super({ name: EWALLETS_PROJECTION, tables: ['ewallet_payments'], eventTypes: EWALLET_PAYMENT_EVENT_TYPES });
  }

  protected async applyEvent(event: EwalletPaymentEvent, tx: ClientBase, recorded: RecordedEvent): Promise<void> {
    switch (event.type) {
      case 'EwalletPaymentRequested':
        await this.insert(tx, recorded.streamName, event.data);
        break;
      case 'EwalletPaymentCompleted':
        await this.decide(tx, event.data.payment, 'COMPLETED', null, event.data.completedAt);
        break;
      case 'EwalletPaymentFailed':
        await this.decide(tx, event.data.payment, 'FAILED', event.data.failureCode, event.data.failedAt);
        break;
      case 'EwalletPaymentExpired':
        await this.decide(tx, event.data.payment, 'EXPIRED', null, event.data.expiredAt);
        break;
      default:
        assertNever(event, 'eWallet payment event');
    }
  }

  private async insert(tx: ClientBase, streamName: string, p: EwalletPaymentSnapshot): Promise<void> {
    const { rowCount } = await tx.query(
      `INSERT INTO ewallet_payments (payment_id, stream_name, business_id, mode, ewallet_type, external_id, amount, ` +
        `currency, phone, callback_url,
                                     redirect_url, items, checkout_token, api_version, status, expires_at, ` +
        `created_at, money_recorded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14, 'PENDING', $15, $16, $17::jsonb)
       ON CONFLICT (payment_id) DO NOTHING`,
      [
        p.paymentId,
        streamName,
        p.businessId,
        p.mode,
        p.ewalletType,
        p.externalId,
        p.amount,
        p.currency,
        p.phone ?? null,
        p.callbackUrl ?? null,
        p.redirectUrl ?? null,
        p.items ? JSON.stringify(p.items) : null,
        p.checkoutToken ?? null,
        p.apiVersion,
        p.expiresAt ?? null,
        p.requestedAt,
        p.moneyRecordedBy ? JSON.stringify(p.moneyRecordedBy) : null,
      ],
    );
    if (rowCount === 0) return;
    const payload: EwalletJobPayload = { streamName };
    const scope = { businessId: p.businessId, mode: p.mode };
    if (p.ewalletType === 'OVO') {
      const { afterMs } = simulatedOvoDecision(p.phone ?? '');
      const dueAt = new Date(Date.parse(p.requestedAt) + afterMs);
      await this.scheduler.schedule(
        { kind: OVO_PAYER_DECISION_JOB, key: decisionKey(p.paymentId), payload, dueAt, ...scope },
        tx,
      );
    }
    if (p.expiresAt) {
      await this.scheduler.schedule(
        { kind: EXPIRE_CHECKOUT_JOB, key: expiryKey(p.paymentId), payload, dueAt: new Date(p.expiresAt), ...scope },
        tx,
      );
    }
  }

  private async decide(
    tx: ClientBase,
    p: EwalletPaymentSnapshot,
    status: string,
    failureCode: string | null,
    at: string,
  ): Promise<void> {
    await tx.query(
      `UPDATE ewallet_payments SET status = $2, failure_code = $3, decided_at = $4 WHERE payment_id = $1`,
      [p.paymentId, status, failureCode, at],
    );
    // A decided checkout has nothing left to expire.
    if (p.expiresAt && status !== 'EXPIRED') await this.scheduler.cancel(expiryKey(p.paymentId), tx);
  }
}
