import { DomainError } from '@gateway/domain';

/** Codes from the spec's "Virtual account update" and "Get virtual account payment" tables, plus the gaps we filled (docs/decisions.md). */
export const VirtualAccountErrors = {
  notFound: (id: string) => new DomainError('CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR', `Fixed virtual account ${id} does not exist`),
  paymentNotFound: (paymentId: string) =>
    new DomainError('CALLBACK_VIRTUAL_ACCOUNT_PAYMENT_NOT_FOUND_ERROR', `No fixed virtual account payment with payment_id ${paymentId}`),
  bankNotSupported: (bankCode: string) => new DomainError('BANK_NOT_SUPPORTED_ERROR', `Bank ${bankCode} is not available for virtual accounts on this account`),
  numberOutsideRange: (number: string) =>
    new DomainError('VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE', `Virtual account number ${number} is outside your range for this bank`),
  numberTaken: (number: string) =>
    new DomainError('VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE', `Virtual account number ${number} is not available: it is already in use`),
  rangeExhausted: (bankCode: string) =>
    new DomainError('UNIQUE_ACCOUNT_NUMBER_UNAVAILABLE_ERROR', `No free virtual account number is left in your ${bankCode} range`),
  suggestedAmountNotSupported: (reason: string) => new DomainError('SUGGESTED_AMOUNT_NOT_SUPPORTED_ERROR', reason),
  closedNotSupported: (bankCode: string) => new DomainError('CLOSED_VA_NOT_SUPPORTED_ERROR', `Closed virtual accounts are not available for ${bankCode}`),
  expectedAmountRequired: () => new DomainError('EXPECTED_AMOUNT_REQUIRED_ERROR', 'expected_amount is required when is_closed is true'),
  minimumExpectedAmount: () => new DomainError('MINIMUM_EXPECTED_AMOUNT_ERROR', 'expected_amount must be above 0'),
  maximumExpectedAmount: () => new DomainError('MAXIMUM_EXPECTED_AMOUNT_ERROR', 'expected_amount must be below 1,000,000,000'),
  expirationDateInvalid: () => new DomainError('EXPIRATION_DATE_INVALID_ERROR', 'expiration_date must not be earlier than now'),
  inactive: (id: string) => new DomainError('INACTIVE_VIRTUAL_ACCOUNT_ERROR', `Fixed virtual account ${id} is inactive`),
  amountMismatch: (expected: number, paid: number) =>
    new DomainError('EXPECTED_AMOUNT_MISMATCH_ERROR', `This closed virtual account accepts exactly ${expected}; ${paid} was sent`),
  testModeOnly: () => new DomainError('TEST_MODE_ONLY_ERROR', 'Payment simulation exists in test mode only: use a test-mode (development) key'),
};
