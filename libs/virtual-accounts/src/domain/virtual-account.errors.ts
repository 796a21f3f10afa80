import { badRequest, defineErrors, notFound, shared } from '@gateway/domain';

/**
 * Codes from the spec's "Virtual account update" and "Get virtual account payment" tables, plus the gaps we filled
 * (docs/decisions.md).
 */
export const VirtualAccountErrors = defineErrors('virtual-accounts', {
  notFound: notFound(
    'CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR',
    (id: string) => `Fixed virtual account ${id} does not exist`,
  ),
  paymentNotFound: notFound(
    'CALLBACK_VIRTUAL_ACCOUNT_PAYMENT_NOT_FOUND_ERROR',
    (paymentId: string) => `No fixed virtual account payment with payment_id ${paymentId}`,
  ),
  bankNotSupported: badRequest(
    'BANK_NOT_SUPPORTED_ERROR',
    (bankCode: string) => `Bank ${bankCode} is not available for virtual accounts on this account`,
  ),
  numberOutsideRange: badRequest(
    'VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE',
    (number: string) => `Virtual account number ${number} is outside your range for this bank`,
  ),
  numberTaken: badRequest(
    'VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE',
    (number: string) => `Virtual account number ${number} is not available: it is already in use`,
  ),
  rangeExhausted: notFound(
    'UNIQUE_ACCOUNT_NUMBER_UNAVAILABLE_ERROR',
    (bankCode: string) => `No free virtual account number is left in your ${bankCode} range`,
  ),
  suggestedAmountNotSupported: badRequest('SUGGESTED_AMOUNT_NOT_SUPPORTED_ERROR', (reason: string) => reason),
  closedNotSupported: badRequest(
    'CLOSED_VA_NOT_SUPPORTED_ERROR',
    (bankCode: string) => `Closed virtual accounts are not available for ${bankCode}`,
  ),
  expectedAmountRequired: badRequest(
    'EXPECTED_AMOUNT_REQUIRED_ERROR',
    'expected_amount is required when is_closed is true',
  ),
  minimumExpectedAmount: badRequest('MINIMUM_EXPECTED_AMOUNT_ERROR', 'expected_amount must be above 0'),
  maximumExpectedAmount: badRequest('MAXIMUM_EXPECTED_AMOUNT_ERROR', 'expected_amount must be below 1,000,000,000'),
  expirationDateInvalid: badRequest('EXPIRATION_DATE_INVALID_ERROR', 'expiration_date must not be earlier than now'),
  inactive: badRequest('INACTIVE_VIRTUAL_ACCOUNT_ERROR', (id: string) => `Fixed virtual account ${id} is inactive`),
  amountMismatch: badRequest(
    'EXPECTED_AMOUNT_MISMATCH_ERROR',
    (expected: number, paid: number) => `This closed virtual account accepts exactly ${expected}; ${paid} was sent`,
  ),
  testModeOnly: shared(
    'TEST_MODE_ONLY_ERROR',
    'Payment simulation exists in test mode only: use a test-mode (development) key',
  ),
});

export const VIRTUAL_ACCOUNT_ERROR_CODES = VirtualAccountErrors.catalogue;
