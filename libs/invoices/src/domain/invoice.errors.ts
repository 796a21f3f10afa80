import { badRequest, defineErrors, invalidField, notFound, shared } from '@gateway/domain';

export const InvoiceErrors = defineErrors('invoices', {
  notFound: notFound('INVOICE_NOT_FOUND_ERROR', (id: string) => `Invoice ${id} does not exist`),
  alreadyExists: badRequest('DUPLICATE_INVOICE_ERROR', (id: string) => `Invoice ${id} already exists`),
  notPending: badRequest(
    'INVOICE_NOT_PENDING_ERROR',
    (id: string, status: string) => `Invoice ${id} is ${status}: only a PENDING invoice can be paid or expired`,
  ),
  invalidAmount: () => invalidField(['amount'], 'amount must be a whole number (IDR has no decimals)', 'isMoneyAmount'),
  amountBelowMinimum: badRequest(
    'MINIMAL_TRANSFER_AMOUNT_ERROR',
    (minimum: number) => `amount must be at least ${minimum}`,
  ),
  amountAboveMaximum: badRequest(
    'MAXIMUM_TRANSFER_AMOUNT_ERROR',
    (maximum: number) => `amount must be at most ${maximum}`,
  ),
  noCollectionMethods: badRequest(
    'NO_COLLECTION_METHODS_ERROR',
    'None of the requested payment methods is enabled for this business',
  ),
  unknownPaymentMethod: (code: string, index: number) =>
    invalidField(
      ['payment_methods', String(index)],
      `payment_methods contains an unknown method: ${code}`,
      'isPaymentChannel',
    ),
  wrongAmount: badRequest(
    'INVALID_AMOUNT_ERROR',
    (expected: number, got: number) =>
      `The transfer amount must be exactly ${expected} (got ${got}); the payment is not completed`,
  ),
  poolExhausted: notFound(
    'UNIQUE_ACCOUNT_NUMBER_UNAVAILABLE_ERROR',
    (bank: string) => `No unique ${bank} account number is free right now; retry later`,
  ),
  paymentCodeUnavailable: notFound(
    'AVAILABLE_PAYMENT_CODE_NOT_FOUND_ERROR',
    (outlet: string) => `No unique ${outlet} payment code is free right now; retry later`,
  ),
  vaNotFound: notFound(
    'VIRTUAL_ACCOUNT_NOT_FOUND_ERROR',
    (bank: string, number: string) => `No invoice is waiting for a payment on ${bank} ${number}`,
  ),
  paymentCodeNotFound: notFound(
    'PAYMENT_CODE_NOT_FOUND_ERROR',
    (outlet: string, code: string) => `No invoice is waiting for a payment on ${outlet} ${code}`,
  ),
  methodNotOffered: badRequest(
    'PAYMENT_METHOD_NOT_OFFERED_ERROR',
    (method: string) => `This invoice cannot be paid by ${method}`,
  ),
  cardPaymentFailed: badRequest('CARD_PAYMENT_FAILED_ERROR', (reason: string) => `The card payment failed: ${reason}`),
  callbackVirtualAccountNotFound: notFound(
    'CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR',
    (vaId: string) => `callback_virtual_account_id ${vaId} is not an active fixed virtual account of this business`,
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
  testModeOnly: shared('TEST_MODE_ONLY_ERROR', 'Payment simulation exists in test mode only'),
});

export const INVOICE_ERROR_CODES = InvoiceErrors.catalogue;
