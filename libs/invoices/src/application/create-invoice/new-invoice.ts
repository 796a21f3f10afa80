import type { InvoiceBank, InvoiceRetailOutlet, InvoiceSnapshot } from '../../domain/invoice.events';
import type { FixedVirtualAccountRef } from '../callback-virtual-account/callback-virtual-account.queries';
import type { PoolRequest } from '../pool-allocator';
import type { CreateInvoiceRequest } from './create-invoice.command';

/** An invoice as created, before the decider gives it its status. */
export type NewInvoiceSnapshot = Omit<InvoiceSnapshot, 'status' | 'updatedAt'>;

/** Everything a new invoice is made of except the POOL numbers and retail codes it will claim. */
export interface NewInvoice {
  invoiceId: string;
  businessId: string;
  mode: 'test' | 'live';
  request: CreateInvoiceRequest;
  recurringPaymentId?: string;
  merchantName: string;
  invoiceUrl: string;
  /** Every offered channel code, in payment_methods order. */
  methods: string[];
  /** The offered banks and retail outlets, in that order. */
  bankCodes: string[];
  outlets: string[];
  /** A bank's fixed account (the business's `callback_virtual_account_id`, or the customer's with fixed_va). */
  fixedAccountOf: (bankCode: string) => FixedVirtualAccountRef | undefined;
  /** The merchant code (VA numbers) and retail prefix the numbers start with. */
  prefixes: { va: (bankCode: string) => string; retail: string };
  now: Date;
  expiry: Date;
}

/** Banks without a fixed account: each takes a POOL number. */
function pooledBanks(invoice: NewInvoice): string[] {
  return invoice.bankCodes.filter((bankCode) => !invoice.fixedAccountOf(bankCode));
}

/** The pools the invoice takes a number of: its POOL banks, then its retail outlets. */
export function poolsOf(invoice: NewInvoice): PoolRequest[] {
  const { businessId, mode } = invoice;
  return [
    ...pooledBanks(invoice).map((bankCode) => ({
      kind: 'va' as const,
      scope: `${businessId}.${mode}.${bankCode}`,
      prefix: invoice.prefixes.va(bankCode),
    })),
    ...invoice.outlets.map((outlet) => ({
      kind: 'retail' as const,
      scope: `${mode}.${outlet}`,
      prefix: invoice.prefixes.retail,
    })),
  ];
}

/** The channel of `poolsOf(invoice)[index]`: a bank code or a retail outlet. */
export function channelOfPool(invoice: NewInvoice, index: number): { kind: 'va' | 'retail'; channel: string } {
  const banks = pooledBanks(invoice);
  return index < banks.length
    ? { kind: 'va', channel: banks[index] }
    : { kind: 'retail', channel: invoice.outlets[index - banks.length] };
}

/** The invoice with `numbers` (one per `poolsOf(invoice)`, in that order). */
export function newInvoiceSnapshot(invoice: NewInvoice, numbers: string[]): NewInvoiceSnapshot {
  const { request } = invoice;
  const banks = pooledBanks(invoice);
  const numberOf = new Map(banks.map((bankCode, index) => [bankCode, numbers[index]]));
  const offeredBanks: InvoiceBank[] = invoice.bankCodes.map((bankCode) => {
    const fixed = invoice.fixedAccountOf(bankCode);
    return {
      bankCode,
      accountNumber: fixed ? fixed.accountNumber : numberOf.get(bankCode)!,
      transferAmount: request.amount,
      identityAmount: 0,
      accountHolderName: fixed ? fixed.name : invoice.merchantName,
      ...(fixed && { callbackVirtualAccountId: fixed.vaId }),
    };
  });
  const retailOutlets: InvoiceRetailOutlet[] = invoice.outlets.map((outlet, index) => ({
    retailOutletName: outlet,
    paymentCode: numbers[banks.length + index],
    transferAmount: request.amount,
  }));
  return {
    invoiceId: invoice.invoiceId,
    businessId: invoice.businessId,
    mode: invoice.mode,
    externalId: request.externalId,
    merchantName: invoice.merchantName,
    payerEmail: request.payerEmail,
    description: request.description,
    amount: request.amount,
    currency: request.currency ?? 'IDR',
    paymentMethods: invoice.methods,
    banks: offeredBanks,
    retailOutlets,
    shouldSendEmail: request.shouldSendEmail ?? false,
    shouldExcludeCreditCard: !invoice.methods.includes('CREDIT_CARD'),
    fixedVa: request.fixedVa ?? false,
    clientType: invoice.recurringPaymentId ? 'RECURRING' : 'API_GATEWAY',
    invoiceUrl: invoice.invoiceUrl,
    expiryDate: invoice.expiry.toISOString(),
    createdAt: invoice.now.toISOString(),
    ...(request.successRedirectUrl !== undefined && { successRedirectUrl: request.successRedirectUrl }),
    ...(request.failureRedirectUrl !== undefined && { failureRedirectUrl: request.failureRedirectUrl }),
    ...(request.callbackVirtualAccountId !== undefined && {
      callbackVirtualAccountId: request.callbackVirtualAccountId,
    }),
    ...(request.midLabel !== undefined && { midLabel: request.midLabel }),
    ...(request.items !== undefined && { items: request.items }),
    ...(invoice.recurringPaymentId !== undefined && { recurringPaymentId: invoice.recurringPaymentId }),
  };
}
