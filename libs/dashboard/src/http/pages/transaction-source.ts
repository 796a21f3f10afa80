import type { Mode } from '@gateway/platform';

export interface TransactionFilter {
  /** The resource id or the merchant's external id. */
  id?: string;
  status?: string;
  from?: Date;
  to?: Date;
}

export interface TransactionRow {
  source: string;
  id: string;
  externalId: string;
  type: string;
  status: string;
  amount: number;
  currency: string;
  created: string;
}

/** The audited resource (`GET /events?resource=&id=`) whose events are this transaction's history. */
export interface HistoryRef {
  resource: string;
  id: string;
}

export interface TransactionDetail {
  /** Label/value pairs, in display order. */
  fields: [string, string][];
  /** Absent when the product keeps no audited stream for it. */
  history?: HistoryRef;
}

/**
 * One product's resources on the transactions page. Each product that lands (charges, invoices,
 * VA and payment-code payments, eWallet payments, refunds) adds a source calling its own
 * QueryBus, and lists it in TRANSACTION_SOURCES (dashboard.module.ts).
 */
export interface TransactionSource {
  readonly id: string;
  readonly title: string;
  readonly statuses: readonly string[];
  search(businessId: string, mode: Mode, filter: TransactionFilter, limit: number): Promise<TransactionRow[]>;
  /** One resource, or undefined when it is not this business's and mode's. */
  detail(businessId: string, mode: Mode, id: string): Promise<TransactionDetail | undefined>;
}

export const TRANSACTION_SOURCES = Symbol('dashboard:transaction-sources');
