import { DomainError } from '@gateway/domain';
import { ApiError } from '@gateway/platform';
import type { EwalletType } from '../domain/ewallet-types';
import { OVO_FAILURE_CODES } from '../domain/ovo-payer-simulator';

/**
 * The spec gives each wallet type its own statuses (eWallet error tables): validation is 422 for
 * OVO and DANA but 400 for LINKAJA, and DANA's DUPLICATE_ERROR is 400 where the customers context
 * answers the same code with 409. So the statuses are applied here, per type, rather than through
 * the global code → status registry.
 */
const COMMON: Readonly<Record<string, number>> = {
  EWALLET_TYPE_NOT_SUPPORTED: 422,
  PAYMENT_NOT_FOUND_ERROR: 404,
  EWALLET_NETWORK_UNAVAILABLE_ERROR: 503,
  EWALLET_DECISION_TIMEOUT_ERROR: 504,
};

const PER_TYPE: Readonly<Record<EwalletType, Readonly<Record<string, number>>>> = {
  OVO: { API_VALIDATION_ERROR: 422, DUPLICATE_PAYMENT: 400, ...Object.fromEntries(OVO_FAILURE_CODES.map((code) => [code, 400])) },
  DANA: { API_VALIDATION_ERROR: 422, DUPLICATE_ERROR: 400 },
  LINKAJA: { API_VALIDATION_ERROR: 400, DUPLICATE_PAYMENT_ERROR: 400, GENERATE_CHECKOUT_TOKEN_ERROR: 422 },
};

export function statusFor(type: EwalletType | undefined, code: string): number | undefined {
  return (type && PER_TYPE[type][code]) ?? COMMON[code];
}

/** The error answered for a request of `type` (undefined: the type itself was not readable). */
export function asEwalletApiError(type: EwalletType | undefined, error: unknown): unknown {
  if (error instanceof ApiError) {
    const status = statusFor(type, error.code);
    return status === undefined ? error : error.withStatus(status);
  }
  if (error instanceof DomainError) {
    const status = statusFor(type, error.code) ?? 400;
    const errors = Array.isArray(error.details?.errors) ? (error.details.errors as ApiError['errors']) : undefined;
    return new ApiError(error.code, status, error.message, { cause: error, errors: errors ? [...errors] : undefined });
  }
  return error;
}
