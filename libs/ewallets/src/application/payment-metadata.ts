import type { CommandMetadata } from '@gateway/event-store';
import type { EwalletPaymentView } from '../read-models/ewallet-payment-view';

/** Metadata of events the system appends on its own (simulated payer, expiry jobs). */
export function systemMetadata(
  actor: string,
  correlationId: string,
  occurredAt: Date,
  scope: { businessId: string; mode: 'test' | 'live' },
): CommandMetadata {
  return { correlationId, actor: `system:${actor}`, occurredAt, businessId: scope.businessId, mode: scope.mode };
}

export type PaymentScope = Pick<EwalletPaymentView, 'businessId' | 'mode'>;
