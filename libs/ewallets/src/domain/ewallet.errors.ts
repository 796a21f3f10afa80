import { DomainError } from '@gateway/domain';
import type { EwalletType } from './ewallet-types';

/** The spec names a different duplicate code per wallet type. */
const DUPLICATE_CODE: Readonly<Record<EwalletType, string>> = {
  OVO: 'DUPLICATE_PAYMENT',
  DANA: 'DUPLICATE_ERROR',
  LINKAJA: 'DUPLICATE_PAYMENT_ERROR',
};

export const EwalletErrors = {
  duplicate: (type: EwalletType, externalId: string) =>
    new DomainError(DUPLICATE_CODE[type], `A ${type} payment with external_id ${JSON.stringify(externalId.slice(0, 100))} already exists`),
  notFound: () => new DomainError('PAYMENT_NOT_FOUND_ERROR', 'No eWallet payment with that external_id and ewallet_type'),
  invalidStatus: (status: string, action: string) => new DomainError('INVALID_EWALLET_PAYMENT_STATUS_ERROR', `A payment in status ${status} cannot be ${action}`),
  expired: () => new DomainError('EWALLET_PAYMENT_EXPIRED_ERROR', 'The payment expired: it can no longer be paid'),
  notExpiredYet: (expiresAt: string) => new DomainError('EWALLET_PAYMENT_NOT_EXPIRED_ERROR', `The payment expires at ${expiresAt}, not before`),
  invalidRequest: (field: string, message: string) =>
    new DomainError('API_VALIDATION_ERROR', message, { errors: [{ field: [field], location: 'body', messages: [message], types: ['isValid'] }] }),
};
