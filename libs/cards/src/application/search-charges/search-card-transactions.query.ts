import { type TransactionSearch, TransactionSearchQuery } from '@gateway/projections';

/** Charges or refunds; matches the charge (or refund) id or its external id exactly. */
export interface CardTransactionSearch extends TransactionSearch {
  kind: 'charge' | 'refund';
}

/** One charge or refund as the dashboard lists it: masked card data only, never a card number. */
export interface CardTransactionView {
  kind: 'charge' | 'refund';
  id: string;
  chargeId: string;
  externalId: string;
  status: string;
  amount: number;
  currency: string;
  maskedCardNumber?: string;
  failureReason?: string;
  createdAt: string;
  updatedAt: string;
}

/** Card charges or refunds of a business and mode, newest first, filtered (the dashboard's transactions). */
export class SearchCardTransactionsQuery extends TransactionSearchQuery<CardTransactionSearch, CardTransactionView[]> {}
