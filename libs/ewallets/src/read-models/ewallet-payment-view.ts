import type { EwalletPaymentStatus } from '../domain/ewallet-payment.decider';
import type { EwalletItem, EwalletPaymentSnapshot, Mode } from '../domain/ewallet-payment.events';
import type { EwalletType } from '../domain/ewallet-types';

/**
 * A payment as the GETs, the checkout page and the synchronous OVO answer see it: what its request
 * fixed (but the money's recorder), and where it stands.
 */
export interface EwalletPaymentView extends Omit<EwalletPaymentSnapshot, 'moneyRecordedBy' | 'requestedAt'> {
  streamName: string;
  status: EwalletPaymentStatus;
  failureCode?: string;
  createdAt: string;
  /** When it completed, failed or expired. */
  decidedAt?: string;
}

export interface EwalletPaymentRow {
  payment_id: string;
  stream_name: string;
  business_id: string;
  mode: Mode;
  ewallet_type: EwalletType;
  external_id: string;
  amount: string;
  currency: string;
  phone: string | null;
  callback_url: string | null;
  redirect_url: string | null;
  items: EwalletItem[] | null;
  checkout_token: string | null;
  api_version: string;
  status: EwalletPaymentStatus;
  failure_code: string | null;
  expires_at: Date | null;
  created_at: Date;
  decided_at: Date | null;
}

export function toView(row: EwalletPaymentRow): EwalletPaymentView {
  return {
    paymentId: row.payment_id,
    streamName: row.stream_name,
    businessId: row.business_id,
    mode: row.mode,
    ewalletType: row.ewallet_type,
    externalId: row.external_id,
    amount: Number(row.amount),
    currency: row.currency,
    phone: row.phone ?? undefined,
    callbackUrl: row.callback_url ?? undefined,
    redirectUrl: row.redirect_url ?? undefined,
    items: row.items ?? undefined,
    checkoutToken: row.checkout_token ?? undefined,
    apiVersion: row.api_version,
    status: row.status,
    failureCode: row.failure_code ?? undefined,
    expiresAt: row.expires_at?.toISOString(),
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString(),
  };
}
