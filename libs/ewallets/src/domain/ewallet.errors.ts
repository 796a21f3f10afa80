import {
  badRequest,
  defineErrors,
  type ErrorCodeDeclaration,
  gatewayTimeout,
  invalidField,
  notFound,
  serviceUnavailable,
  unprocessable,
  withCodes,
} from '@gateway/domain';
import { EWALLET_TYPES, type EwalletType } from './ewallet-types';
import { OVO_FAILURE_CODES, OVO_FAILURE_MESSAGES, type OvoFailureCode } from './ovo-payer-simulator';

/** The OVO payer's refusals (spec: OVO error table), each answered 400. */
const OVO_FAILURES = Object.fromEntries(OVO_FAILURE_CODES.map((code) => [code, { status: 400 }])) as Record<
  OvoFailureCode,
  { status: 400 }
>;

/** The spec names a different duplicate code per wallet type. */
const DUPLICATE_CODE = {
  OVO: 'DUPLICATE_PAYMENT',
  DANA: 'DUPLICATE_ERROR',
  LINKAJA: 'DUPLICATE_PAYMENT_ERROR',
} as const satisfies Record<EwalletType, string>;

const DUPLICATES = {
  DUPLICATE_PAYMENT: { status: 400 },
  DUPLICATE_PAYMENT_ERROR: { status: 400 },
  /** DANA's duplicate: 400 on the eWallet routes, where the customers API answers its DUPLICATE_ERROR 409. */
  DUPLICATE_ERROR: { status: 400, local: true },
} as const satisfies Record<(typeof DUPLICATE_CODE)[EwalletType], ErrorCodeDeclaration>;

/**
 * The codes of the spec's eWallet tables. Validation is 422 for OVO and DANA but 400 for LINKAJA:
 * a rule of the routes (http/ewallet-error-status.ts), not of a code.
 */
export const EwalletErrors = defineErrors('ewallets', {
  duplicate: withCodes(DUPLICATES, (errorOf) => (type: EwalletType, externalId: string) => {
    const shown = JSON.stringify(externalId.slice(0, 100));
    return errorOf(DUPLICATE_CODE[type], `A ${type} payment with external_id ${shown} already exists`);
  }),
  notFound: notFound('PAYMENT_NOT_FOUND_ERROR', 'No eWallet payment with that external_id and ewallet_type'),
  invalidStatus: badRequest(
    'INVALID_EWALLET_PAYMENT_STATUS_ERROR',
    (status: string, action: string) => `A payment in status ${status} cannot be ${action}`,
  ),
  expired: badRequest('EWALLET_PAYMENT_EXPIRED_ERROR', 'The payment expired: it can no longer be paid'),
  notExpiredYet: badRequest(
    'EWALLET_PAYMENT_NOT_EXPIRED_ERROR',
    (expiresAt: string) => `The payment expires at ${expiresAt}, not before`,
  ),
  invalidRequest: (field: string, message: string) => invalidField([field], message, 'isValid'),
  typeNotSupported: unprocessable('EWALLET_TYPE_NOT_SUPPORTED', (value: string) => {
    const shown = JSON.stringify(value.slice(0, 64));
    return `ewallet_type ${shown} is not supported; use one of ${EWALLET_TYPES.join(', ')}`;
  }),
  typeNotEnabled: unprocessable(
    'EWALLET_TYPE_NOT_SUPPORTED',
    (type: EwalletType) => `${type} is not enabled for this business`,
  ),
  networkUnavailable: serviceUnavailable(
    'EWALLET_NETWORK_UNAVAILABLE_ERROR',
    'Live eWallet payments need a provider connector, which this deployment does not have',
  ),
  checkoutTokenFailed: unprocessable(
    'GENERATE_CHECKOUT_TOKEN_ERROR',
    'The provider could not generate a checkout_url; try again',
  ),
  /** OVO 2019-02-04: the payer has not decided within the wait; `GET /ewallets` gives the outcome later. */
  decisionTimeout: gatewayTimeout('EWALLET_DECISION_TIMEOUT_ERROR', (externalId: string) => {
    const outcome = `GET /ewallets?external_id=${encodeURIComponent(externalId)}&ewallet_type=OVO`;
    return `The payer has not decided yet; ${outcome} gives the outcome`;
  }),
  ovoFailure: withCodes(
    OVO_FAILURES,
    (errorOf) => (code: OvoFailureCode) => errorOf(code, OVO_FAILURE_MESSAGES[code] ?? 'The payment failed'),
  ),
});

export const EWALLET_ERROR_CODES = EwalletErrors.catalogue;
