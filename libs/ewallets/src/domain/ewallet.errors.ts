import { defineErrorCodes, type ErrorCodeDeclaration } from '@gateway/domain';
import { EWALLET_TYPES, type EwalletType } from './ewallet-types';
import { OVO_FAILURE_CODES, OVO_FAILURE_MESSAGES, type OvoFailureCode } from './ovo-payer-simulator';

/** The OVO payer's refusals (spec: OVO error table), each answered 400. */
const OVO_FAILURES = Object.fromEntries(OVO_FAILURE_CODES.map((code) => [code, { status: 400 }])) as Record<
  OvoFailureCode,
  { status: 400 }
>;

/**
 * The codes of the spec's eWallet tables. Validation is 422 for OVO and DANA but 400 for LINKAJA:
 * a rule of the routes (http/ewallet-error-status.ts), not of a code.
 */
export const EWALLET_ERROR_CODES = defineErrorCodes('ewallets', {
  ...OVO_FAILURES,
  PAYMENT_NOT_FOUND_ERROR: { status: 404 },
  EWALLET_TYPE_NOT_SUPPORTED: { status: 422 },
  GENERATE_CHECKOUT_TOKEN_ERROR: { status: 422 },
  DUPLICATE_PAYMENT: { status: 400 },
  DUPLICATE_PAYMENT_ERROR: { status: 400 },
  /** DANA's duplicate: 400 on the eWallet routes, where the customers API answers its DUPLICATE_ERROR 409. */
  DUPLICATE_ERROR: { status: 400, local: true },
  INVALID_EWALLET_PAYMENT_STATUS_ERROR: { status: 400 },
  EWALLET_PAYMENT_EXPIRED_ERROR: { status: 400 },
  EWALLET_PAYMENT_NOT_EXPIRED_ERROR: { status: 400 },
  EWALLET_NETWORK_UNAVAILABLE_ERROR: { status: 503 },
  EWALLET_DECISION_TIMEOUT_ERROR: { status: 504 },
} satisfies Record<string, ErrorCodeDeclaration>);

type EwalletErrorCode = keyof typeof EWALLET_ERROR_CODES.codes;

/** The spec names a different duplicate code per wallet type. */
const DUPLICATE_CODE: Readonly<Record<EwalletType, EwalletErrorCode>> = {
  OVO: 'DUPLICATE_PAYMENT',
  DANA: 'DUPLICATE_ERROR',
  LINKAJA: 'DUPLICATE_PAYMENT_ERROR',
};

const errorOf = EWALLET_ERROR_CODES.error.bind(EWALLET_ERROR_CODES);

export const EwalletErrors = {
  duplicate: (type: EwalletType, externalId: string) => {
    const shown = JSON.stringify(externalId.slice(0, 100));
    return errorOf(DUPLICATE_CODE[type], `A ${type} payment with external_id ${shown} already exists`);
  },
  notFound: () => errorOf('PAYMENT_NOT_FOUND_ERROR', 'No eWallet payment with that external_id and ewallet_type'),
  invalidStatus: (status: string, action: string) =>
    errorOf('INVALID_EWALLET_PAYMENT_STATUS_ERROR', `A payment in status ${status} cannot be ${action}`),
  expired: () => errorOf('EWALLET_PAYMENT_EXPIRED_ERROR', 'The payment expired: it can no longer be paid'),
  notExpiredYet: (expiresAt: string) =>
    errorOf('EWALLET_PAYMENT_NOT_EXPIRED_ERROR', `The payment expires at ${expiresAt}, not before`),
  invalidRequest: (field: string, message: string) => {
    const errors = [{ field: [field], location: 'body', messages: [message], types: ['isValid'] }];
    return errorOf('API_VALIDATION_ERROR', message, { errors });
  },
  typeNotSupported: (value: string) => {
    const shown = JSON.stringify(value.slice(0, 64));
    const known = EWALLET_TYPES.join(', ');
    return errorOf('EWALLET_TYPE_NOT_SUPPORTED', `ewallet_type ${shown} is not supported; use one of ${known}`);
  },
  typeNotEnabled: (type: EwalletType) =>
    errorOf('EWALLET_TYPE_NOT_SUPPORTED', `${type} is not enabled for this business`),
  networkUnavailable: () =>
    errorOf(
      'EWALLET_NETWORK_UNAVAILABLE_ERROR',
      'Live eWallet payments need a provider connector, which this deployment does not have',
    ),
  checkoutTokenFailed: () =>
    errorOf('GENERATE_CHECKOUT_TOKEN_ERROR', 'The provider could not generate a checkout_url; try again'),
  /** OVO 2019-02-04: the payer has not decided within the wait; `GET /ewallets` gives the outcome later. */
  decisionTimeout: (externalId: string) => {
    const outcome = `GET /ewallets?external_id=${encodeURIComponent(externalId)}&ewallet_type=OVO`;
    return errorOf('EWALLET_DECISION_TIMEOUT_ERROR', `The payer has not decided yet; ${outcome} gives the outcome`);
  },
  ovoFailure: (code: OvoFailureCode) => errorOf(code, OVO_FAILURE_MESSAGES[code] ?? 'The payment failed'),
};
