import { badRequest, defineErrors, notFound, shared } from '@gateway/domain';

/**
 * The spec's "Payment code create and update" and "Payment code get" codes, plus the gaps we filled
 * (docs/decisions.md).
 */
export const PaymentCodeErrors = defineErrors('payment-codes', {
  notFound: notFound('FIXED_PAYMENT_CODE_NOT_FOUND_ERROR', (id: string) => `Fixed payment code ${id} does not exist`),
  outletNotSupported: badRequest(
    'RETAIL_OUTLET_NOT_SUPPORTED_ERROR',
    (outlet: string) => `Retail outlet ${outlet} is not available on this account`,
  ),
  outsideRange: badRequest(
    'PAYMENT_CODE_OUTSIDE_RANGE',
    (code: string, prefix: string) =>
      `Payment code ${code} is outside your range: it must be your prefix ${prefix} followed by 1 to 14 characters ` +
      `A-Z or 0-9`,
  ),
  duplicate: badRequest('DUPLICATE_PAYMENT_CODE_ERROR', (code: string) => `Payment code ${code} is already in use`),
  noCodeAvailable: notFound(
    'AVAILABLE_PAYMENT_CODE_NOT_FOUND_ERROR',
    (outlet: string) => `No free payment code was found for ${outlet}`,
  ),
  expirationDateInvalid: badRequest('EXPIRATION_DATE_INVALID_ERROR', 'expiration_date must not be earlier than now'),
  minimumAmount: badRequest('MINIMUM_EXPECTED_AMOUNT_ERROR', 'expected_amount must be at least 10,000'),
  maximumAmount: badRequest('MAXIMUM_EXPECTED_AMOUNT_ERROR', 'expected_amount must be at most 5,000,000'),
  inactive: badRequest(
    'INACTIVE_FIXED_PAYMENT_CODE_ERROR',
    (id: string) => `Fixed payment code ${id} is inactive (expired or used)`,
  ),
  amountMismatch: badRequest(
    'EXPECTED_AMOUNT_MISMATCH_ERROR',
    (expected: string, paid: number) =>
      `The payment was not completed: this payment code accepts ${expected}; ${paid} was sent`,
  ),
  testModeOnly: shared(
    'TEST_MODE_ONLY_ERROR',
    'Payment simulation exists in test mode only: use a test-mode (development) key',
  ),
});

export const PAYMENT_CODE_ERROR_CODES = PaymentCodeErrors.catalogue;
