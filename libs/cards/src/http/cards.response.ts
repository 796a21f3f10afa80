import { documentCallback, namedSchema, schema } from '@gateway/http-edge';
import type { AuthenticationView, ChargeView, RefundView, ReversalView, TokenView } from '../application/card-views';

const AUTHENTICATION_STATUSES = ['IN_REVIEW', 'VERIFIED', 'FAILED'];
const BRANDS = ['VISA', 'MASTERCARD', 'AMEX'];

export const CARD_TOKEN_SCHEMA = namedSchema(
  'CardToken',
  schema.object(
    {
      id: schema.string('The token: charge it with POST /credit_card_charges'),
      authentication_id: schema.string('The bundled 3DS authentication (single-use tokens by default)'),
      masked_card_number: schema.string('First 6 and last 4 digits'),
      status: schema.oneOfStrings(AUTHENTICATION_STATUSES),
      payer_authentication_url: schema.string('IN_REVIEW: the 3DS page the payer completes', { format: 'uri' }),
      failure_reason: schema.oneOfStrings(['AUTHENTICATION_FAILED']),
      card_info: schema.object({ brand: schema.oneOfStrings(BRANDS) }),
    },
    { optional: ['authentication_id', 'payer_authentication_url', 'failure_reason'] },
  ),
);

export const CARD_AUTHENTICATION_SCHEMA = namedSchema(
  'CardAuthentication',
  schema.object(
    {
      id: schema.string('Pass it as `authentication_id` when charging; FAILED: authenticate again'),
      credit_card_token_id: schema.string(),
      amount: schema.amount(),
      status: schema.oneOfStrings(AUTHENTICATION_STATUSES),
      payer_authentication_url: schema.string(undefined, { format: 'uri' }),
      failure_reason: schema.string(),
      masked_card_number: schema.string(),
    },
    { optional: ['payer_authentication_url', 'failure_reason'] },
  ),
);

export const CARD_CHARGE_SCHEMA = namedSchema(
  'CardCharge',
  schema.object(
    {
      id: schema.string(),
      created: schema.dateTime(),
      status: schema.oneOfStrings(['CAPTURED', 'AUTHORIZED', 'FAILED', 'REVERSED', 'EXPIRED']),
      business_id: schema.string(),
      authorized_amount: schema.amount(),
      external_id: schema.string(),
      merchant_id: schema.string(),
      merchant_reference_code: schema.string(),
      card_type: schema.oneOfStrings(['CREDIT', 'DEBIT']),
      masked_card_number: schema.string(),
      card_brand: schema.oneOfStrings(BRANDS),
      bank_reconciliation_id: schema.string(),
      eci: schema.oneOfStrings(['1', '2', '5', '6', '7'], 'The 3DS result, as the spec writes its values'),
      capture_amount: schema.amount(),
      failure_reason: schema.oneOfStrings([
        'EXPIRED_CARD',
        'CARD_DECLINED',
        'INSUFFICIENT_BALANCE',
        'STOLEN_CARD',
        'INACTIVE_CARD',
        'INVALID_CVN',
        'PROCESSOR_ERROR',
        'BIN_BLOCK',
      ]),
      charge_type: schema.oneOfStrings(['SINGLE_USE_TOKEN', 'MULTIPLE_USE_TOKEN', 'RECURRING']),
      currency: schema.string(),
      credit_card_token_id: schema.string(),
      authentication_id: schema.string(),
    },
    { optional: ['capture_amount', 'failure_reason', 'authentication_id'] },
  ),
);

export const CARD_REFUND_SCHEMA = namedSchema(
  'CardRefund',
  schema.object(
    {
      id: schema.string(),
      created: schema.dateTime(),
      updated: schema.dateTime(),
      credit_card_charge_id: schema.string(),
      user_id: schema.string('The business'),
      amount: schema.amount(),
      external_id: schema.string(),
      currency: schema.string(),
      status: schema.oneOfStrings(['PENDING', 'SUCCEEDED', 'FAILED']),
      failure_reason: schema.oneOfStrings(['INSUFFICIENT_BALANCE', 'REFUND_FAILED']),
      fee_refund_amount: schema.amount('The part of the fee returned, in proportion to the refund'),
    },
    { optional: ['failure_reason'] },
  ),
);

export const CARD_REVERSAL_SCHEMA = namedSchema(
  'CardAuthorizationReversal',
  schema.object({
    id: schema.string(),
    status: schema.oneOfStrings(['SUCCEEDED']),
    credit_card_charge_id: schema.string(),
    business_id: schema.string(),
    external_id: schema.string(),
    amount: schema.amount('The amount released'),
    currency: schema.string(),
    created: schema.dateTime(),
  }),
);

documentCallback({
  kind: 'credit_card_refund',
  tag: 'Cards',
  summary: 'Card refund succeeded or failed',
  description:
    'Sent when a refund created with version 2018-01-01 (PENDING) is processed: the refund as `POST ' +
    '/credit_card_charges/{id}/refunds` shows it, now SUCCEEDED or FAILED.',
  body: CARD_REFUND_SCHEMA,
});

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

/**
 * The spec lists the ECI values as `1`, `2`, `5`, `6`, `7`; the log keeps the two digits the card
 * network sends (`05`), which the answer writes the spec's way (docs/decisions.md, "Cards").
 */
function specEci(networkEci: string): string {
  return networkEci.replace(/^0+(?=\d)/, '');
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
    eci: specEci(view.eci),
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
