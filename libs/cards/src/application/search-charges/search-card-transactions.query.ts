import { Query } from '@nestjs/cqrs';

export interface CardTransactionSearch {
  kind: 'charge' | 'refund';
  /** Matches the charge (or refund) id or its external id exactly. */
  id?: string;
  status?: string;
  createdFrom?: Date;
  createdTo?: Date;
  limit: number;
  /** Leave out charges another resource recorded the money of (an invoice lists them as its own). */
  excludeRecordedElsewhere?: boolean;
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
export class SearchCardTransactionsQuery extends Query<CardTransactionView[]> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly search: CardTransactionSearch,
  ) {
    super();
  }
}
