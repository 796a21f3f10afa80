import { defineErrorCodes } from '@gateway/domain';

export const PAYMENT_CODE_ERROR_CODES = defineErrorCodes('payment-codes', {
  FIXED_PAYMENT_CODE_NOT_FOUND_ERROR: { status: 404 },
  AVAILABLE_PAYMENT_CODE_NOT_FOUND_ERROR: { status: 404 },
  RETAIL_OUTLET_NOT_SUPPORTED_ERROR: { status: 400 },
  PAYMENT_CODE_OUTSIDE_RANGE: { status: 400 },
  DUPLICATE_PAYMENT_CODE_ERROR: { status: 400 },
  EXPIRATION_DATE_INVALID_ERROR: { status: 400 },
  MINIMUM_EXPECTED_AMOUNT_ERROR: { status: 400 },
  MAXIMUM_EXPECTED_AMOUNT_ERROR: { status: 400 },
  INACTIVE_FIXED_PAYMENT_CODE_ERROR: { status: 400 },
  EXPECTED_AMOUNT_MISMATCH_ERROR: { status: 400 },
});

const errorOf = PAYMENT_CODE_ERROR_CODES.error.bind(PAYMENT_CODE_ERROR_CODES);

/**
 * The spec's "Payment code create and update" and "Payment code get" codes, plus the gaps we filled
 * (docs/decisions.md).
 */
export const PaymentCodeErrors = {
  notFound: (id: string) => errorOf('FIXED_PAYMENT_CODE_NOT_FOUND_ERROR', `Fixed payment code ${id} does not exist`),
  outletNotSupported: (outlet: string) =>
    errorOf('RETAIL_OUTLET_NOT_SUPPORTED_ERROR', `Retail outlet ${outlet} is not available on this account`),
  outsideRange: (code: string, prefix: string) =>
    errorOf(
      'PAYMENT_CODE_OUTSIDE_RANGE',
      `Payment code ${code} is outside your range: it must be your prefix ${prefix} followed by 1 to 14 characters ` +
        `A-Z or 0-9`,
    ),
  duplicate: (code: string) => errorOf('DUPLICATE_PAYMENT_CODE_ERROR', `Payment code ${code} is already in use`),
  noCodeAvailable: (outlet: string) =>
    errorOf('AVAILABLE_PAYMENT_CODE_NOT_FOUND_ERROR', `No free payment code was found for ${outlet}`),
  expirationDateInvalid: () => errorOf('EXPIRATION_DATE_INVALID_ERROR', 'expiration_date must not be earlier than now'),
  minimumAmount: () => errorOf('MINIMUM_EXPECTED_AMOUNT_ERROR', 'expected_amount must be at least 10,000'),
  maximumAmount: () => errorOf('MAXIMUM_EXPECTED_AMOUNT_ERROR', 'expected_amount must be at most 5,000,000'),
  inactive: (id: string) =>
    errorOf('INACTIVE_FIXED_PAYMENT_CODE_ERROR', `Fixed payment code ${id} is inactive (expired or used)`),
  amountMismatch: (expected: string, paid: number) =>
    errorOf(
      'EXPECTED_AMOUNT_MISMATCH_ERROR',
      `The payment was not completed: this payment code accepts ${expected}; ${paid} was sent`,
    ),
  testModeOnly: () =>
    errorOf('TEST_MODE_ONLY_ERROR', 'Payment simulation exists in test mode only: use a test-mode (development) key'),
};
