import type { AuthenticationView, ChargeView, RefundView, ReversalView, TokenView } from '../application/card-views';

/** Token response (spec "Card token and authentication"). */
export function tokenToWire(view: TokenView, status: TokenView['status'], payerAuthenticationUrl: string | undefined) {
  return {
    id: view.tokenId,
    ...(view.authenticationId && { authentication_id: view.authenticationId }),
    masked_card_number: view.maskedCardNumber,
    status,
    ...(status === 'IN_REVIEW' && payerAuthenticationUrl && { payer_authentication_url: payerAuthenticationUrl }),
    ...(status === 'FAILED' && { failure_reason: 'AUTHENTICATION_FAILED' }),
    card_info: { brand: view.cardBrand },
  };
}

export function authenticationToWire(view: AuthenticationView, payerAuthenticationUrl: string | undefined) {
  return {
    id: view.authenticationId,
    credit_card_token_id: view.tokenId,
    amount: view.amount,
    status: view.status,
    ...(view.status === 'IN_REVIEW' && payerAuthenticationUrl && { payer_authentication_url: payerAuthenticationUrl }),
    ...(view.status === 'FAILED' && { failure_reason: view.failureReason ?? 'AUTHENTICATION_FAILED' }),
    masked_card_number: view.maskedCardNumber,
  };
}

/** Charge response (spec "Card charge"). */
export function chargeToWire(view: ChargeView) {
  return {
    id: view.chargeId,
    created: view.createdAt,
    status: view.status,
    business_id: view.businessId,
    authorized_amount: view.authorizedAmount,
    external_id: view.externalId,
    merchant_id: view.businessId,
    merchant_reference_code: view.merchantReferenceCode,
    card_type: view.cardType,
    masked_card_number: view.maskedCardNumber,
    card_brand: view.cardBrand,
    bank_reconciliation_id: view.bankReconciliationId,
    eci: view.eci,
    ...(view.captureAmount !== undefined && { capture_amount: view.captureAmount }),
    ...(view.failureReason && { failure_reason: view.failureReason }),
    charge_type: view.chargeType,
    currency: view.currency,
    credit_card_token_id: view.tokenId,
    ...(view.authenticationId && { authentication_id: view.authenticationId }),
  };
}

/** Refund response and the `credit_card_refund` callback body (spec "Card refund"). */
export function refundToWire(view: RefundView) {
  return {
    id: view.refundId,
    created: view.createdAt,
    updated: view.updatedAt,
    credit_card_charge_id: view.chargeId,
    user_id: view.businessId,
    amount: view.amount,
    external_id: view.externalId,
    currency: view.currency,
    status: view.status,
    ...(view.failureReason && { failure_reason: view.failureReason }),
    fee_refund_amount: view.feeRefundAmount,
  };
}

/** Authorization reversal response (the public API's shape). */
export function reversalToWire(view: ReversalView) {
  return {
    id: view.reversalId,
    status: 'SUCCEEDED',
    credit_card_charge_id: view.chargeId,
    business_id: view.businessId,
    external_id: view.externalId,
    amount: view.amount,
    currency: view.currency,
    created: view.createdAt,
  };
}
