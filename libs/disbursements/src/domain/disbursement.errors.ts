import { DomainError } from '@gateway/domain';

export const DisbursementErrors = {
  descriptionNotFound: () =>
    new DomainError('DISBURSEMENT_DESCRIPTION_NOT_FOUND_ERROR', 'No description was sent and no default disbursement description is set: set one and retry'),
  bankNotSupported: (code: string) => new DomainError('BANK_CODE_NOT_SUPPORTED_ERROR', `Bank code ${code} is not supported`),
  accountNumber: (code: string, length: number) =>
    new DomainError('RECIPIENT_ACCOUNT_NUMBER_ERROR', `Account numbers of ${code} are exactly ${length} characters`),
  amountBelowMinimum: (code: string, minimum: number) =>
    new DomainError('RECIPIENT_AMOUNT_ERROR', `The minimum amount for ${code} is ${minimum}`),
  amountAboveMaximum: (code: string, maximum: number) =>
    new DomainError('MAXIMUM_TRANSFER_LIMIT_ERROR', `The maximum amount for ${code} is ${maximum}`),
  invalidAmount: () => new DomainError('API_VALIDATION_ERROR', 'amount must be a positive whole number'),
  insufficientBalance: (available: bigint, requested: bigint) =>
    new DomainError('DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR', `Balance is too low: ${available} available, ${requested} requested`),
  notFound: (id: string) => new DomainError('DIRECT_DISBURSEMENT_NOT_FOUND_ERROR', `Disbursement ${id} does not exist`),
  alreadyExists: (id: string) => new DomainError('API_VALIDATION_ERROR', `Disbursement ${id} already exists`),
  notPending: (id: string, status: string) =>
    new DomainError('INVALID_DISBURSEMENT_STATUS_ERROR', `Disbursement ${id} is ${status}: only a PENDING disbursement completes or fails`),
  liveRailUnavailable: () =>
    new DomainError('DISBURSEMENT_RAIL_UNAVAILABLE_ERROR', 'No payout rail is configured for live mode (this gateway ships no bank connector)'),
};
