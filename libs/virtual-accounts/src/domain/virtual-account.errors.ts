import { defineErrorCodes } from '@gateway/domain';

export const VIRTUAL_ACCOUNT_ERROR_CODES = defineErrorCodes('virtual-accounts', {
  CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR: { status: 404 },
  CALLBACK_VIRTUAL_ACCOUNT_PAYMENT_NOT_FOUND_ERROR: { status: 404 },
  UNIQUE_ACCOUNT_NUMBER_UNAVAILABLE_ERROR: { status: 404 },
  VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE: { status: 400 },
  BANK_NOT_SUPPORTED_ERROR: { status: 400 },
  SUGGESTED_AMOUNT_NOT_SUPPORTED_ERROR: { status: 400 },
  EXPECTED_AMOUNT_REQUIRED_ERROR: { status: 400 },
  CLOSED_VA_NOT_SUPPORTED_ERROR: { status: 400 },
  INACTIVE_VIRTUAL_ACCOUNT_ERROR: { status: 400 },
  MINIMUM_EXPECTED_AMOUNT_ERROR: { status: 400 },
  MAXIMUM_EXPECTED_AMOUNT_ERROR: { status: 400 },
  EXPIRATION_DATE_INVALID_ERROR: { status: 400 },
  EXPECTED_AMOUNT_MISMATCH_ERROR: { status: 400 },
});

const errorOf = VIRTUAL_ACCOUNT_ERROR_CODES.error.bind(VIRTUAL_ACCOUNT_ERROR_CODES);

/**
 * Codes from the spec's "Virtual account update" and "Get virtual account payment" tables, plus the gaps we filled
 * (docs/decisions.md).
 */
export const VirtualAccountErrors = {
  notFound: (id: string) =>
    errorOf('CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR', `Fixed virtual account ${id} does not exist`),
  paymentNotFound: (paymentId: string) =>
    errorOf(
      'CALLBACK_VIRTUAL_ACCOUNT_PAYMENT_NOT_FOUND_ERROR',
      `No fixed virtual account payment with payment_id ${paymentId}`,
    ),
  bankNotSupported: (bankCode: string) =>
    errorOf('BANK_NOT_SUPPORTED_ERROR', `Bank ${bankCode} is not available for virtual accounts on this account`),
  numberOutsideRange: (number: string) =>
    errorOf(
      'VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE',
      `Virtual account number ${number} is outside your range for this bank`,
    ),
  numberTaken: (number: string) =>
    errorOf(
      'VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE',
      `Virtual account number ${number} is not available: it is already in use`,
    ),
  rangeExhausted: (bankCode: string) =>
    errorOf(
      'UNIQUE_ACCOUNT_NUMBER_UNAVAILABLE_ERROR',
      `No free virtual account number is left in your ${bankCode} range`,
    ),
  suggestedAmountNotSupported: (reason: string) => errorOf('SUGGESTED_AMOUNT_NOT_SUPPORTED_ERROR', reason),
  closedNotSupported: (bankCode: string) =>
    errorOf('CLOSED_VA_NOT_SUPPORTED_ERROR', `Closed virtual accounts are not available for ${bankCode}`),
  expectedAmountRequired: () =>
    errorOf('EXPECTED_AMOUNT_REQUIRED_ERROR', 'expected_amount is required when is_closed is true'),
  minimumExpectedAmount: () => errorOf('MINIMUM_EXPECTED_AMOUNT_ERROR', 'expected_amount must be above 0'),
  maximumExpectedAmount: () => errorOf('MAXIMUM_EXPECTED_AMOUNT_ERROR', 'expected_amount must be below 1,000,000,000'),
  expirationDateInvalid: () => errorOf('EXPIRATION_DATE_INVALID_ERROR', 'expiration_date must not be earlier than now'),
  inactive: (id: string) => errorOf('INACTIVE_VIRTUAL_ACCOUNT_ERROR', `Fixed virtual account ${id} is inactive`),
  amountMismatch: (expected: number, paid: number) =>
    errorOf(
      'EXPECTED_AMOUNT_MISMATCH_ERROR',
      `This closed virtual account accepts exactly ${expected}; ${paid} was sent`,
    ),
  testModeOnly: () =>
    errorOf('TEST_MODE_ONLY_ERROR', 'Payment simulation exists in test mode only: use a test-mode (development) key'),
};
