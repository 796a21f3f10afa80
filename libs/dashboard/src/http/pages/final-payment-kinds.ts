import { SearchPaymentCodePaymentsQuery, type PaymentCodePaymentView } from '@gateway/payment-codes';
import { SearchVirtualAccountPaymentsQuery, type VirtualAccountPaymentView } from '@gateway/virtual-accounts';
import type { FinalPaymentKind } from './final-payments.source';

/** Payments into fixed virtual accounts. */
export const VA_PAYMENTS: FinalPaymentKind<VirtualAccountPaymentView, VirtualAccountPaymentView['account']> = {
  id: 'va-payments',
  fields: { Bank: 'bankCode', 'Account number': 'accountNumber', 'Account name': 'name' },
  search: (businessId, mode, search) => new SearchVirtualAccountPaymentsQuery(businessId, mode, search),
  instrument: ({ account }) => account,
  link: { label: 'Virtual account', text: ({ vaId }) => vaId, page: ({ vaId }) => `/dashboard/fixed-vas/${vaId}` },
  historyOf: ({ payment }) => ({ resource: 'virtual_account', id: payment.vaId }),
};

/** Payments at the till into payment codes. */
export const PAYMENT_CODE_PAYMENTS: FinalPaymentKind<PaymentCodePaymentView, PaymentCodePaymentView['code']> = {
  id: 'payment-code-payments',
  fields: { 'Retail outlet': 'retailOutletName', Name: 'name' },
  search: (businessId, mode, search) => new SearchPaymentCodePaymentsQuery(businessId, mode, search),
  instrument: ({ code }) => code,
  link: {
    label: 'Payment code',
    text: ({ paymentCode }) => paymentCode,
    page: ({ fpcId }) => `/dashboard/payment-codes/${fpcId}`,
  },
  historyOf: ({ payment }) => ({ resource: 'payment_code', id: payment.fpcId }),
};
