import type { PaymentCodePayment, PaymentCodeSnapshot } from '../domain/payment-code.events';

/** Create, update and get responses (spec resource fields, plus `status`, `created`, `updated`). */
export function paymentCodeToWire(code: PaymentCodeSnapshot): Record<string, unknown> {
  return {
    id: code.fpcId,
    owner_id: code.businessId,
    external_id: code.externalId,
    retail_outlet_name: code.retailOutletName,
    prefix: code.prefix,
    name: code.name,
    payment_code: code.paymentCode,
    type: 'USER',
    ...(code.expectedAmount !== undefined && { expected_amount: code.expectedAmount }),
    is_single_use: code.isSingleUse,
    expiration_date: code.expirationDate,
    status: code.status,
    created: code.createdAt,
    updated: code.updatedAt,
  };
}

/** The `ro_fpc_paid` callback body (spec, Events); also the items of `GET /fixed_payment_code/{id}/payments`. */
export function paymentCodePaidBody(payment: PaymentCodePayment, code: PaymentCodeSnapshot): Record<string, unknown> {
  return {
    fixed_payment_code_payment_id: payment.id,
    owner_id: code.businessId,
    fixed_payment_code_id: code.fpcId,
    payment_id: payment.paymentId,
    external_id: code.externalId,
    payment_code: code.paymentCode,
    prefix: code.prefix,
    retail_outlet_name: code.retailOutletName,
    amount: payment.amount,
    name: code.name,
    transaction_timestamp: payment.transactionTimestamp,
  };
}
