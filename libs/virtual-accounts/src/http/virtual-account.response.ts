import type { VirtualAccountPayment, VirtualAccountSnapshot } from '../domain/virtual-account.events';

/** The fixed virtual account as the `fva_status` callback sends it (spec, Events). */
export function virtualAccountCallbackBody(va: VirtualAccountSnapshot): Record<string, unknown> {
  return {
    id: va.vaId,
    owner_id: va.businessId,
    external_id: va.externalId,
    merchant_code: va.merchantCode,
    account_number: va.accountNumber,
    bank_code: va.bankCode,
    name: va.name,
    is_closed: va.isClosed,
    is_single_use: va.isSingleUse,
    status: va.status,
    expiration_date: va.expirationDate,
    updated: va.updatedAt,
    created: va.createdAt,
    ...(va.suggestedAmount !== undefined && { suggested_amount: va.suggestedAmount }),
    ...(va.expectedAmount !== undefined && { expected_amount: va.expectedAmount }),
  };
}

/** Create, update and get responses: the callback's fields plus the currency. */
export function virtualAccountToWire(va: VirtualAccountSnapshot): Record<string, unknown> {
  return { ...virtualAccountCallbackBody(va), currency: va.currency };
}

/** The read resource of a payment; `account_number` without the merchant code, as in the paid callback. */
export function virtualAccountPaymentToWire(payment: VirtualAccountPayment, va: VirtualAccountSnapshot): Record<string, unknown> {
  return {
    id: payment.id,
    payment_id: payment.paymentId,
    callback_virtual_account_id: va.vaId,
    external_id: va.externalId,
    merchant_code: va.merchantCode,
    account_number: va.suffix,
    bank_code: va.bankCode,
    amount: payment.amount,
    transaction_timestamp: payment.transactionTimestamp,
  };
}

/** The `fva_paid` callback body (spec, Events). */
export function virtualAccountPaidCallbackBody(payment: VirtualAccountPayment, va: VirtualAccountSnapshot): Record<string, unknown> {
  return {
    ...virtualAccountPaymentToWire(payment, va),
    owner_id: va.businessId,
    updated: payment.transactionTimestamp,
    created: payment.transactionTimestamp,
  };
}
