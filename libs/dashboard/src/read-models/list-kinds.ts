/**
 * What the dashboard's lists hold, one kind per product resource. The transaction kinds are the
 * ids of the transaction sources (detail pages at /dashboard/transactions/<kind>/<id>).
 */
export const TRANSACTION_KINDS = [
  'card-charges',
  'card-refunds',
  'invoices',
  'va-payments',
  'payment-code-payments',
  'ewallet-payments',
  'disbursements',
] as const;
export const RESOURCE_KINDS = ['customers', 'recurring-plans', 'fixed-vas', 'payment-codes'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
export type ListKind = TransactionKind | (typeof RESOURCE_KINDS)[number];

export const KIND_TITLES: Record<ListKind, string> = {
  'card-charges': 'Card charge',
  'card-refunds': 'Card refund',
  invoices: 'Invoice',
  'va-payments': 'VA payment',
  'payment-code-payments': 'Payment-code payment',
  'ewallet-payments': 'eWallet payment',
  disbursements: 'Disbursement',
  customers: 'Customer',
  'recurring-plans': 'Recurring plan',
  'fixed-vas': 'Fixed VA',
  'payment-codes': 'Payment code',
};

export function isListKind(value: string): value is ListKind {
  return Object.hasOwn(KIND_TITLES, value);
}

/** One row of a dashboard list: what the list shows, filters, searches and exports. */
export interface ListRow {
  businessId: string;
  mode: 'test' | 'live';
  kind: ListKind;
  id: string;
  externalId: string | null;
  status: string;
  amount: number | null;
  currency: string | null;
  /** Bank, outlet, eWallet, card brand or payment channel. */
  channel: string | null;
  payerEmail: string | null;
  /** Who pays or receives: a customer's or account holder's name, a VA's name, a masked card. */
  customer: string | null;
  description: string | null;
  /** More text the search matches (account numbers, payment codes, linked ids). */
  extra: string | null;
  /** False for a payment another resource lists as its own (an invoice's card charge or fixed-VA payment). */
  listed: boolean;
  createdAt: string;
  updatedAt: string;
  /** The customer profile, kept so a later partial update can be folded in. */
  data: Record<string, unknown> | null;
}

export const rowKey = (row: Pick<ListRow, 'businessId' | 'mode' | 'kind' | 'id'>) =>
  `${row.businessId}\u0000${row.mode}\u0000${row.kind}\u0000${row.id}`;

/** What the search column holds: every searchable text, lower-cased. */
export function searchTextOf(row: ListRow): string {
  return [row.id, row.externalId, row.payerEmail, row.customer, row.extra]
    .filter((value): value is string => !!value)
    .join(' ')
    .toLowerCase();
}
