import { DomainError } from '@gateway/domain';
import { ApiError } from '@gateway/http-edge';
import { EWALLET_ERROR_CODES } from '../domain/ewallet.errors';
import type { EwalletType } from '../domain/ewallet-types';

/**
 * Where the spec's eWallet tables answer a code with another status than the one it declares:
 * validation is 422 for OVO and DANA but 400 for LINKAJA, and DANA's DUPLICATE_ERROR has the
 * eWallets' own status (customers answer their DUPLICATE_ERROR with 409). Every other code keeps
 * the status of its catalogue (ewallet.errors.ts for the eWallet codes).
 */
const ROUTE_STATUS_OF_TYPE: Readonly<Record<EwalletType, Readonly<Record<string, number>>>> = {
  OVO: { API_VALIDATION_ERROR: 422 },
  DANA: { API_VALIDATION_ERROR: 422, DUPLICATE_ERROR: EWALLET_ERROR_CODES.statusOf('DUPLICATE_ERROR') },
  LINKAJA: {},
};

export function statusFor(type: EwalletType | undefined, code: string): number | undefined {
  if (type && ROUTE_STATUS_OF_TYPE[type][code] !== undefined) return ROUTE_STATUS_OF_TYPE[type][code];
  return EWALLET_ERROR_CODES.declares(code) ? EWALLET_ERROR_CODES.statusOf(code) : undefined;
}

/** The error answered for a request of `type` (undefined: the type itself was not readable). */
export function asEwalletApiError(type: EwalletType | undefined, error: unknown): unknown {
  if (error instanceof ApiError) {
    const status = statusFor(type, error.code);
    return status === undefined ? error : error.withStatus(status);
  }
  if (error instanceof DomainError) {
    const status = statusFor(type, error.code) ?? error.status;
    const errors = Array.isArray(error.details?.errors) ? (error.details.errors as ApiError['errors']) : undefined;
    return new ApiError(error.code, status, error.message, { cause: error, errors: errors ? [...errors] : undefined });
  }
  return error;
}
