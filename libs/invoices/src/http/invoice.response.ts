import { documentCallback, namedSchema, schema } from '@gateway/http-edge';
import type { InvoiceSnapshot } from '../domain/invoice.events';
import { invoicePageUrl } from '../domain/invoice.rules';

const INVOICE_STATUSES = ['PENDING', 'PAID', 'SETTLED', 'EXPIRED'] as const;
const PAYMENT_METHODS = ['BANK_TRANSFER', 'RETAIL_OUTLET', 'CREDIT_CARD', 'EWALLET'] as const;

/** What the payment of a paid invoice adds to it (response and callback alike). */
const PAYMENT_FIELDS = {
  paid_amount: schema.amount('What the payer paid'),
  paid_at: schema.dateTime(),
  payment_method: schema.oneOfStrings(PAYMENT_METHODS),
  payment_channel: schema.string('Channel code: BCA, ALFAMART, OVO, CREDIT_CARD, ...'),
  payment_destination: schema.string('The VA number or payment code the payer used; absent for cards and eWallets'),
  payment_id: schema.string(),
  bank_code: schema.string('BANK_TRANSFER payments: the bank'),
  retail_outlet_name: schema.string('RETAIL_OUTLET payments: the chain'),
  ewallet_type: schema.string('EWALLET payments: the wallet'),
  credit_card_charge_id: schema.string('CREDIT_CARD payments: the charge'),
};

const INVOICE_ITEM = schema.object({ name: schema.string(), quantity: schema.integer(), price: schema.amount() });

/** The invoice resource (create, get, list, expire!). */
export const INVOICE_SCHEMA = namedSchema(
  'Invoice',
  schema.object(
    {
      id: schema.string(),
      user_id: schema.string('The business'),
      external_id: schema.string(),
      status: schema.oneOfStrings(INVOICE_STATUSES),
      merchant_name: schema.string(),
      merchant_profile_picture_url: schema.nullable(
        schema.string('Always null: the gateway keeps no merchant pictures'),
      ),
      amount: schema.amount(),
      payer_email: schema.string(undefined, { format: 'email' }),
      description: schema.string(),
      invoice_url: schema.string('The hosted page where the payer pays', { format: 'uri' }),
      expiry_date: schema.dateTime(),
      available_banks: schema.arrayOf(
        schema.object({
          bank_code: schema.string(),
          collection_type: schema.oneOfStrings(['POOL', 'CALLBACK_VIRTUAL_ACCOUNT']),
          bank_account_number: schema.string(),
          transfer_amount: schema.amount(),
          bank_branch: schema.string(),
          account_holder_name: schema.string(),
          identity_amount: schema.amount(),
        }),
      ),
      available_retail_outlets: schema.arrayOf(
        schema.object({
          retail_outlet_name: schema.string(),
          payment_code: schema.string(),
          transfer_amount: schema.amount(),
        }),
      ),
      available_ewallets: schema.arrayOf(schema.object({ ewallet_type: schema.string() })),
      should_exclude_credit_card: schema.boolean(),
      should_send_email: schema.boolean(),
      created: schema.dateTime(),
      updated: schema.dateTime(),
      currency: schema.string(),
      fixed_va: schema.boolean(),
      mid_label: schema.string(),
      items: schema.arrayOf(INVOICE_ITEM),
      success_redirect_url: schema.string(),
      failure_redirect_url: schema.string(),
      callback_virtual_account_id: schema.string(),
      recurring_payment_id: schema.string('Set on invoices a recurring payment issued'),
      ...PAYMENT_FIELDS,
    },
    {
      optional: [
        'mid_label',
        'items',
        'success_redirect_url',
        'failure_redirect_url',
        'callback_virtual_account_id',
        'recurring_payment_id',
        ...Object.keys(PAYMENT_FIELDS),
      ],
    },
  ),
);

/** The `invoice` callback body (gaps.md): sent when an invoice is paid, settled or expires. */
export const INVOICE_CALLBACK_SCHEMA = namedSchema(
  'InvoiceCallback',
  schema.object(
    {
      id: schema.string(),
      external_id: schema.string(),
      user_id: schema.string(),
      status: schema.oneOfStrings(['PAID', 'SETTLED', 'EXPIRED']),
      merchant_name: schema.string(),
      amount: schema.amount(),
      payer_email: schema.string(),
      description: schema.string(),
      created: schema.dateTime(),
      updated: schema.dateTime(),
      currency: schema.string(),
      recurring_payment_id: schema.string(),
      success_redirect_url: schema.string(),
      failure_redirect_url: schema.string(),
      items: schema.arrayOf(INVOICE_ITEM),
      ...PAYMENT_FIELDS,
    },
    {
      optional: [
        'recurring_payment_id',
        'success_redirect_url',
        'failure_redirect_url',
        'items',
        ...Object.keys(PAYMENT_FIELDS),
      ],
    },
  ),
);

/**
 * The invoice resource as the spec's responses show it (create, get, list, expire!). `publicBaseUrl`
 * (the answered request's, see @gateway/http-edge) renders `invoice_url` for the address the merchant
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
    available_ewallets: invoice.paymentMethods
      .filter((code) => ['OVO', 'DANA', 'LINKAJA'].includes(code))
      .map((code) => ({ ewallet_type: code })),
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
    ...(invoice.callbackVirtualAccountId !== undefined && {
      callback_virtual_account_id: invoice.callbackVirtualAccountId,
    }),
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
    ...destinationOf(payment),
    payment_id: payment.paymentId,
    ...(payment.method === 'BANK_TRANSFER' && { bank_code: payment.channel }),
    ...(payment.method === 'RETAIL_OUTLET' && { retail_outlet_name: payment.channel }),
    ...(payment.method === 'EWALLET' && { ewallet_type: payment.channel }),
    ...(payment.creditCardChargeId !== undefined && { credit_card_charge_id: payment.creditCardChargeId }),
  };
}

/**
 * A card or an eWallet has no number the payer sent money to: the field is left out, as every
 * field that does not apply is (an empty string would be neither a value nor an absence).
 */
function destinationOf(payment: NonNullable<InvoiceSnapshot['payment']>): { payment_destination?: string } {
  return payment.destination === '' ? {} : { payment_destination: payment.destination };
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
      ...destinationOf(payment),
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

documentCallback({
  kind: 'invoice',
  tag: 'Invoices',
  summary: 'Invoice paid, settled or expired',
  description:
    'Sent when an invoice is paid (`PAID`), when its payment settles to the cash balance (`SETTLED`), ' +
    'and when it expires unpaid (`EXPIRED`). The payment fields are present once it is paid.',
  body: INVOICE_CALLBACK_SCHEMA,
});
