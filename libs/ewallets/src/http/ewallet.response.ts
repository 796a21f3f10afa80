import type { EwalletPaymentStatus } from '../domain/ewallet-payment.decider';
import type { EwalletPaymentSnapshot } from '../domain/ewallet-payment.events';
import type { EwalletType } from '../domain/ewallet-types';
import type { EwalletPaymentView } from '../read-models/ewallet-payment-view';

/**
 * Wire statuses per wallet type (gaps.md callbacks): OVO COMPLETED|FAILED, DANA PAID|EXPIRED,
 * LINKAJA SUCCESS_COMPLETED|FAILED (an expired LINKAJA checkout is FAILED: LINKAJA has no
 * expired status). PENDING before any decision.
 */
const WIRE_STATUS: Readonly<Record<EwalletType, Readonly<Record<EwalletPaymentStatus, string>>>> = {
  OVO: { PENDING: 'PENDING', COMPLETED: 'COMPLETED', FAILED: 'FAILED', EXPIRED: 'FAILED' },
  DANA: { PENDING: 'PENDING', COMPLETED: 'PAID', FAILED: 'EXPIRED', EXPIRED: 'EXPIRED' },
  LINKAJA: { PENDING: 'PENDING', COMPLETED: 'SUCCESS_COMPLETED', FAILED: 'FAILED', EXPIRED: 'FAILED' },
};

export const wireStatus = (type: EwalletType, status: EwalletPaymentStatus) => WIRE_STATUS[type][status];

export const checkoutPath = (token: string) => `/ewallets/checkout/${token}`;

/** When the payment happened (or failed, or expired); the request time while it is pending. */
const transactionDate = (view: EwalletPaymentView) => view.decidedAt ?? view.createdAt;

/** POST /ewallets response (spec: "Fields returned" per wallet type). */
export function createdPaymentToWire(view: EwalletPaymentView, baseUrl: string): Record<string, unknown> {
  switch (view.ewalletType) {
    case 'OVO':
      return {
        business_id: view.businessId,
        external_id: view.externalId,
        amount: view.amount,
        phone: view.phone,
        ewallet_type: view.ewalletType,
        ewallet_transaction_id: view.paymentId,
        transaction_date: transactionDate(view),
        status: wireStatus('OVO', view.status),
        created: view.createdAt,
      };
    case 'DANA':
      return { external_id: view.externalId, checkout_url: `${baseUrl}${checkoutPath(view.checkoutToken!)}`, amount: view.amount, ewallet_type: view.ewalletType };
    case 'LINKAJA':
      return {
        checkout_url: `${baseUrl}${checkoutPath(view.checkoutToken!)}`,
        transaction_date: view.createdAt,
        amount: view.amount,
        external_id: view.externalId,
        ewallet_type: view.ewalletType,
      };
  }
}

/** GET /ewallets?external_id=&ewallet_type= response. */
export function paymentToWire(view: EwalletPaymentView, baseUrl: string): Record<string, unknown> {
  const common = {
    business_id: view.businessId,
    external_id: view.externalId,
    amount: view.amount,
    ewallet_type: view.ewalletType,
    status: wireStatus(view.ewalletType, view.status),
    transaction_date: transactionDate(view),
  };
  switch (view.ewalletType) {
    case 'OVO':
      return { ...common, phone: view.phone, ewallet_transaction_id: view.paymentId, ...(view.failureCode && { failure_code: view.failureCode }) };
    case 'DANA':
      return { ...common, checkout_url: `${baseUrl}${checkoutPath(view.checkoutToken!)}`, expiration_date: view.expiresAt };
    case 'LINKAJA':
      return { ...common, phone: view.phone, items: view.items, checkout_url: `${baseUrl}${checkoutPath(view.checkoutToken!)}` };
  }
}

/** The `ewallet` callback bodies of gaps.md, from a final event's snapshot. */
export function callbackBody(
  payment: EwalletPaymentSnapshot,
  outcome: { status: EwalletPaymentStatus; failureCode?: string; at: string },
  callbackToken: string | null,
): Record<string, unknown> {
  const status = wireStatus(payment.ewalletType, outcome.status);
  switch (payment.ewalletType) {
    case 'OVO':
      return {
        event: 'ewallet.payment',
        id: payment.paymentId,
        external_id: payment.externalId,
        business_id: payment.businessId,
        phone: payment.phone,
        ewallet_type: payment.ewalletType,
        amount: payment.amount,
        status,
        ...(outcome.failureCode && { failure_code: outcome.failureCode }),
        created: payment.requestedAt,
      };
    case 'DANA':
      return {
        external_id: payment.externalId,
        amount: payment.amount,
        business_id: payment.businessId,
        payment_status: status,
        transaction_date: outcome.at,
        ewallet_type: payment.ewalletType,
        callback_authentication_token: callbackToken,
      };
    case 'LINKAJA':
      return {
        external_id: payment.externalId,
        amount: payment.amount,
        items: payment.items,
        status,
        ewallet_type: payment.ewalletType,
        callback_authentication_token: callbackToken,
      };
  }
}
