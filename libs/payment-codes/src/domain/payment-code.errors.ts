import { DomainError } from '@gateway/domain';

/** The spec's "Payment code create and update" and "Payment code get" codes, plus the gaps we filled (docs/decisions.md). */
export const PaymentCodeErrors = {
  notFound: (id: string) => new DomainError('FIXED_PAYMENT_CODE_NOT_FOUND_ERROR', `Fixed payment code ${id} does not exist`),
  outletNotSupported: (outlet: string) => new DomainError('RETAIL_OUTLET_NOT_SUPPORTED_ERROR', `Retail outlet ${outlet} is not available on this account`),
  outsideRange: (code: string, prefix: string) =>
    new DomainError('PAYMENT_CODE_OUTSIDE_RANGE', `Payment code ${code} is outside your range: it must be your prefix ${prefix} followed by 1 to 14 characters A-Z or 0-9`),
  duplicate: (code: string) => new DomainError('DUPLICATE_PAYMENT_CODE_ERROR', `Payment code ${code} is already in use`),
  noCodeAvailable: (outlet: string) => new DomainError('AVAILABLE_PAYMENT_CODE_NOT_FOUND_ERROR', `No free payment code was found for ${outlet}`),
  expirationDateInvalid: () => new DomainError('EXPIRATION_DATE_INVALID_ERROR', 'expiration_date must not be earlier than now'),
  minimumAmount: () => new DomainError('MINIMUM_EXPECTED_AMOUNT_ERROR', 'expected_amount must be at least 10,000'),
  maximumAmount: () => new DomainError('MAXIMUM_EXPECTED_AMOUNT_ERROR', 'expected_amount must be at most 5,000,000'),
  inactive: (id: string) => new DomainError('INACTIVE_FIXED_PAYMENT_CODE_ERROR', `Fixed payment code ${id} is inactive (expired or used)`),
  amountMismatch: (expected: string, paid: number) =>
    new DomainError('EXPECTED_AMOUNT_MISMATCH_ERROR', `The payment was not completed: this payment code accepts ${expected}; ${paid} was sent`),
  testModeOnly: () => new DomainError('TEST_MODE_ONLY_ERROR', 'Payment simulation exists in test mode only: use a test-mode (development) key'),
};
