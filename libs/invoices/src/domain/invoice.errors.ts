import { DomainError, invalidField } from '@gateway/domain';

export const InvoiceErrors = {
  notFound: (id: string) => new DomainError('INVOICE_NOT_FOUND_ERROR', `Invoice ${id} does not exist`),
  alreadyExists: (id: string) => new DomainError('DUPLICATE_INVOICE_ERROR', `Invoice ${id} already exists`),
  notPending: (id: string, status: string) =>
    new DomainError('INVOICE_NOT_PENDING_ERROR', `Invoice ${id} is ${status}: only a PENDING invoice can be paid or expired`),
  invalidAmount: () => invalidField(['amount'], 'amount must be a whole number (IDR has no decimals)', 'isMoneyAmount'),
  amountBelowMinimum: (minimum: number) => new DomainError('MINIMAL_TRANSFER_AMOUNT_ERROR', `amount must be at least ${minimum}`),
  amountAboveMaximum: (maximum: number) => new DomainError('MAXIMUM_TRANSFER_AMOUNT_ERROR', `amount must be at most ${maximum}`),
  noCollectionMethods: () =>
    new DomainError('NO_COLLECTION_METHODS_ERROR', 'None of the requested payment methods is enabled for this business'),
  unknownPaymentMethod: (code: string, index: number) =>
    invalidField(['payment_methods', String(index)], `payment_methods contains an unknown method: ${code}`, 'isPaymentChannel'),
  wrongAmount: (expected: number, got: number) =>
    new DomainError('INVALID_AMOUNT_ERROR', `The transfer amount must be exactly ${expected} (got ${got}); the payment is not completed`),
  poolExhausted: (bank: string) =>
    new DomainError('UNIQUE_ACCOUNT_NUMBER_UNAVAILABLE_ERROR', `No unique ${bank} account number is free right now; retry later`),
  paymentCodeUnavailable: (outlet: string) =>
    new DomainError('AVAILABLE_PAYMENT_CODE_NOT_FOUND_ERROR', `No unique ${outlet} payment code is free right now; retry later`),
  numberTaken: (number: string) => new DomainError('POOL_NUMBER_TAKEN', `${number} is reserved`),
  vaNotFound: (bank: string, number: string) =>
    new DomainError('VIRTUAL_ACCOUNT_NOT_FOUND_ERROR', `No invoice is waiting for a payment on ${bank} ${number}`),
  paymentCodeNotFound: (outlet: string, code: string) =>
    new DomainError('PAYMENT_CODE_NOT_FOUND_ERROR', `No invoice is waiting for a payment on ${outlet} ${code}`),
  methodNotOffered: (method: string) => new DomainError('PAYMENT_METHOD_NOT_OFFERED_ERROR', `This invoice cannot be paid by ${method}`),
  cardPaymentFailed: (reason: string) => new DomainError('CARD_PAYMENT_FAILED_ERROR', `The card payment failed: ${reason}`),
  callbackVirtualAccountNotFound: (vaId: string) =>
    new DomainError('CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR', `callback_virtual_account_id ${vaId} is not an active fixed virtual account of this business`),
  callbackVirtualAccountAmount: (expected: number) =>
    invalidField(['amount'], `The fixed virtual account is closed to amounts other than ${expected}: it cannot take this invoice's amount`, 'closedAccountAmount'),
  payerIdentityRequired: () =>
    invalidField(['payer_email'], 'payer_email is required with fixed_va: true (the customer whose account number is reused)', 'isNotEmpty'),
  testModeOnly: () => new DomainError('TEST_MODE_ONLY_ERROR', 'Payment simulation exists in test mode only'),
};

export const INVOICE_ERROR_STATUSES: Record<string, number> = {
  INVOICE_NOT_FOUND_ERROR: 404,
  DUPLICATE_INVOICE_ERROR: 400,
  INVOICE_NOT_PENDING_ERROR: 400,
  NO_COLLECTION_METHODS_ERROR: 400,
  MINIMAL_TRANSFER_AMOUNT_ERROR: 400,
  MAXIMUM_TRANSFER_AMOUNT_ERROR: 400,
  INVALID_AMOUNT_ERROR: 400,
  UNIQUE_ACCOUNT_NUMBER_UNAVAILABLE_ERROR: 404,
  AVAILABLE_PAYMENT_CODE_NOT_FOUND_ERROR: 404,
  POOL_NUMBER_TAKEN: 409,
  VIRTUAL_ACCOUNT_NOT_FOUND_ERROR: 404,
  PAYMENT_CODE_NOT_FOUND_ERROR: 404,
  TEST_MODE_ONLY_ERROR: 403,
  CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR: 404,
  PAYMENT_METHOD_NOT_OFFERED_ERROR: 400,
  CARD_PAYMENT_FAILED_ERROR: 400,
};
