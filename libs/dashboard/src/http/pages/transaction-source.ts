import type { Mode } from '@gateway/clock';
import type { TransactionKind } from '../../read-models/list-kinds';
import type { DashboardSession } from '../../read-models/session-store';
import type { SafeHtml } from '../kit/html';

/** The audited resource (`GET /events?resource=&id=`) whose events are this transaction's history. */
export interface HistoryRef {
  resource: string;
  id: string;
}

/** Who looks at a detail page: the session (its business, mode, role, CSRF token) and time zone. */
export interface DetailContext {
  businessId: string;
  mode: Mode;
  session: DashboardSession;
  zone: string;
}

export interface TransactionDetail {
  /** Label/value pairs, in display order. */
  fields: [string, string | SafeHtml][];
  /** Absent when the product keeps no audited stream for it. */
  history?: HistoryRef;
  /** Actions and links under the fields (refund, expire, pay in the test tools), for the roles that may use them. */
  sections?: SafeHtml[];
}

/**
 * One product's resources on the transactions page: its detail page, read through its own
 * QueryBus (the list itself is the dashboard's read model, dashboard.lists). Each product lists
 * its source in TRANSACTION_SOURCES (dashboard.module.ts).
 */
export interface TransactionSource {
  /** Also names its pages (KIND_TITLES). */
  readonly id: TransactionKind;
  /** One resource, or undefined when it is not this business's and mode's. */
  detail(context: DetailContext, id: string): Promise<TransactionDetail | undefined>;
}

export const TRANSACTION_SOURCES = Symbol('dashboard:transaction-sources');
