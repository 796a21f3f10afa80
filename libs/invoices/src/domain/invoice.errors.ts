import { defineErrorCodes, invalidField } from '@gateway/domain';

export const INVOICE_ERROR_CODES = defineErrorCodes('invoices', {
  INVOICE_NOT_FOUND_ERROR: { status: 404 },
  DUPLICATE_INVOICE_ERROR: { status: 400 },
  INVOICE_NOT_PENDING_ERROR: { status: 400 },
  NO_COLLECTION_METHODS_ERROR: { status: 400 },
  MINIMAL_TRANSFER_AMOUNT_ERROR: { status: 400 },
  MAXIMUM_TRANSFER_AMOUNT_ERROR: { status: 400 },
  INVALID_AMOUNT_ERROR: { status: 400 },
  UNIQUE_ACCOUNT_NUMBER_UNAVAILABLE_ERROR: { status: 404 },
  AVAILABLE_PAYMENT_CODE_NOT_FOUND_ERROR: { status: 404 },
  POOL_NUMBER_TAKEN: { status: 409 },
  VIRTUAL_ACCOUNT_NOT_FOUND_ERROR: { status: 404 },
  PAYMENT_CODE_NOT_FOUND_ERROR: { status: 404 },
  CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR: { status: 404 },
  PAYMENT_METHOD_NOT_OFFERED_ERROR: { status: 400 },
  CARD_PAYMENT_FAILED_ERROR: { status: 400 },
});

const errorOf = INVOICE_ERROR_CODES.error.bind(INVOICE_ERROR_CODES);

export const InvoiceErrors = {
  notFound: (id: string) => errorOf('INVOICE_NOT_FOUND_ERROR', `Invoice ${id} does not exist`),
  alreadyExists: (id: string) => errorOf('DUPLICATE_INVOICE_ERROR', `Invoice ${id} already exists`),
  notPending: (id: string, status: string) =>
    errorOf('INVOICE_NOT_PENDING_ERROR', `Invoice ${id} is ${status}: only a PENDING invoice can be paid or expired`),
  invalidAmount: () => invalidField(['amount'], 'amount must be a whole number (IDR has no decimals)', 'isMoneyAmount'),
  amountBelowMinimum: (minimum: number) =>
    errorOf('MINIMAL_TRANSFER_AMOUNT_ERROR', `amount must be at least ${minimum}`),
  amountAboveMaximum: (maximum: number) =>
    errorOf('MAXIMUM_TRANSFER_AMOUNT_ERROR', `amount must be at most ${maximum}`),
  noCollectionMethods: () =>
    errorOf('NO_COLLECTION_METHODS_ERROR', 'None of the requested payment methods is enabled for this business'),
  unknownPaymentMethod: (code: string, index: number) =>
    invalidField(
      ['payment_methods', String(index)],
      `payment_methods contains an unknown method: ${code}`,
      'isPaymentChannel',
    ),
  wrongAmount: (expected: number, got: number) =>
    errorOf(
      'INVALID_AMOUNT_ERROR',
      `The transfer amount must be exactly ${expected} (got ${got}); the payment is not completed`,
    ),
  poolExhausted: (bank: string) =>
    errorOf(
      'UNIQUE_ACCOUNT_NUMBER_UNAVAILABLE_ERROR',
      `No unique ${bank} account number is free right now; retry later`,
    ),
  paymentCodeUnavailable: (outlet: string) =>
    errorOf(
      'AVAILABLE_PAYMENT_CODE_NOT_FOUND_ERROR',
      `No unique ${outlet} payment code is free right now; retry later`,
    ),
  numberTaken: (number: string) => errorOf('POOL_NUMBER_TAKEN', `${number} is reserved`),
  vaNotFound: (bank: string, number: string) =>
    errorOf('VIRTUAL_ACCOUNT_NOT_FOUND_ERROR', `No invoice is waiting for a payment on ${bank} ${number}`),
  paymentCodeNotFound: (outlet: string, code: string) =>
    errorOf('PAYMENT_CODE_NOT_FOUND_ERROR', `No invoice is waiting for a payment on ${outlet} ${code}`),
  methodNotOffered: (method: string) =>
    errorOf('PAYMENT_METHOD_NOT_OFFERED_ERROR', `This invoice cannot be paid by ${method}`),
  cardPaymentFailed: (reason: string) => errorOf('CARD_PAYMENT_FAILED_ERROR', `The card payment failed: ${reason}`),
  callbackVirtualAccountNotFound: (vaId: string) =>
    errorOf(
      'CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR',
      `callback_virtual_account_id ${vaId} is not an active fixed virtual account of this business`,
    ),
  callbackVirtualAccountAmount: (expected: number) =>
    invalidField(
      ['amount'],
      `The fixed virtual account is closed to amounts other than ${expected}: it cannot take this invoice's amount`,
      'closedAccountAmount',
    ),
  payerIdentityRequired: () =>
    invalidField(
      ['payer_email'],
      'payer_email is required with fixed_va: true (the customer whose account number is reused)',
      'isNotEmpty',
    ),
  testModeOnly: () => errorOf('TEST_MODE_ONLY_ERROR', 'Payment simulation exists in test mode only'),
};
