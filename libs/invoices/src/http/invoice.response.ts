import type { InvoiceSnapshot } from '../domain/invoice.events';
import { invoicePageUrl } from '../domain/invoice.rules';

/**
 * The invoice resource as the spec's responses show it (create, get, list, expire!). `publicBaseUrl`
 * (the answered request's, see @gateway/platform) renders `invoice_url` for the address the merchant
 * reached; without it, the URL stored at creation.
 */
export function invoiceToWire(invoice: InvoiceSnapshot, publicBaseUrl?: string): Record<string, unknown> {
  return {
    id: invoice.invoiceId,
    user_id: invoice.businessId,
    external_id: invoice.externalId,
    status: invoice.status,
    merchant_name: invoice.merchantName,
    merchant_profile_picture_url: null,
    amount: invoice.amount,
    payer_email: invoice.payerEmail,
    description: invoice.description,
    invoice_url: publicBaseUrl === undefined ? invoice.invoiceUrl : invoicePageUrl(publicBaseUrl, invoice.invoiceId),
    expiry_date: invoice.expiryDate,
    available_banks: invoice.banks.map((bank) => ({
      bank_code: bank.bankCode,
      collection_type: bank.callbackVirtualAccountId ? 'CALLBACK_VIRTUAL_ACCOUNT' : 'POOL',
      bank_account_number: bank.accountNumber,
      transfer_amount: bank.transferAmount,
      bank_branch: 'Virtual Account',
      account_holder_name: bank.accountHolderName,
      identity_amount: bank.identityAmount,
    })),
    available_retail_outlets: invoice.retailOutlets.map((outlet) => ({
      retail_outlet_name: outlet.retailOutletName,
      payment_code: outlet.paymentCode,
      transfer_amount: outlet.transferAmount,
    })),
    available_ewallets: invoice.paymentMethods.filter((code) => ['OVO', 'DANA', 'LINKAJA'].includes(code)).map((code) => ({ ewallet_type: code })),
    should_exclude_credit_card: invoice.shouldExcludeCreditCard,
    should_send_email: invoice.shouldSendEmail,
    created: invoice.createdAt,
    updated: invoice.updatedAt,
    currency: invoice.currency,
    fixed_va: invoice.fixedVa,
    ...(invoice.midLabel !== undefined && { mid_label: invoice.midLabel }),
    ...(invoice.items !== undefined && { items: invoice.items }),
    ...(invoice.successRedirectUrl !== undefined && { success_redirect_url: invoice.successRedirectUrl }),
    ...(invoice.failureRedirectUrl !== undefined && { failure_redirect_url: invoice.failureRedirectUrl }),
    ...(invoice.callbackVirtualAccountId !== undefined && { callback_virtual_account_id: invoice.callbackVirtualAccountId }),
    ...(invoice.recurringPaymentId !== undefined && { recurring_payment_id: invoice.recurringPaymentId }),
    ...(invoice.payment && paymentFields(invoice)),
  };
}

function paymentFields(invoice: InvoiceSnapshot): Record<string, unknown> {
  const payment = invoice.payment!;
  return {
    paid_amount: payment.amount,
    paid_at: payment.paidAt,
    payment_method: payment.method,
    payment_channel: payment.channel,
    payment_destination: payment.destination,
    payment_id: payment.paymentId,
    ...(payment.method === 'BANK_TRANSFER' && { bank_code: payment.channel }),
    ...(payment.method === 'RETAIL_OUTLET' && { retail_outlet_name: payment.channel }),
    ...(payment.method === 'EWALLET' && { ewallet_type: payment.channel }),
    ...(payment.creditCardChargeId !== undefined && { credit_card_charge_id: payment.creditCardChargeId }),
  };
}

/** gaps.md: the invoice callback body (PAID, SETTLED or EXPIRED). */
export function renderInvoiceCallback(invoice: InvoiceSnapshot): Record<string, unknown> {
  const payment = invoice.payment;
  return {
    id: invoice.invoiceId,
    external_id: invoice.externalId,
    user_id: invoice.businessId,
    status: invoice.status,
    merchant_name: invoice.merchantName,
    amount: invoice.amount,
    ...(payment && { paid_amount: payment.amount }),
    payer_email: invoice.payerEmail,
    description: invoice.description,
    created: invoice.createdAt,
    updated: invoice.updatedAt,
    ...(payment && { paid_at: payment.paidAt }),
    currency: invoice.currency,
    ...(payment && {
      payment_method: payment.method,
      payment_channel: payment.channel,
      payment_destination: payment.destination,
      payment_id: payment.paymentId,
    }),
    ...(payment?.method === 'BANK_TRANSFER' && { bank_code: payment.channel }),
    ...(payment?.method === 'RETAIL_OUTLET' && { retail_outlet_name: payment.channel }),
    ...(payment?.method === 'EWALLET' && { ewallet_type: payment.channel }),
    ...(payment?.creditCardChargeId !== undefined && { credit_card_charge_id: payment.creditCardChargeId }),
    ...(invoice.recurringPaymentId !== undefined && { recurring_payment_id: invoice.recurringPaymentId }),
    ...(invoice.successRedirectUrl !== undefined && { success_redirect_url: invoice.successRedirectUrl }),
    ...(invoice.failureRedirectUrl !== undefined && { failure_redirect_url: invoice.failureRedirectUrl }),
    ...(invoice.items !== undefined && { items: invoice.items }),
  };
}
