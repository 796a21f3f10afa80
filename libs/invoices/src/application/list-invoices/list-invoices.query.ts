import { Query } from '@nestjs/cqrs';
import type { InvoiceSnapshot } from '../../domain/invoice.events';

export interface InvoiceFilter {
  statuses?: string[];
  limit?: number;
  createdAfter?: string;
  createdBefore?: string;
  paidAfter?: string;
  paidBefore?: string;
  expiredAfter?: string;
  expiredBefore?: string;
  /** Cursor: invoices older than this one (newest first). */
  lastInvoiceId?: string;
  clientTypes?: string[];
  paymentChannels?: string[];
  recurringPaymentId?: string;
  externalId?: string;
}

/** `GET /v2/invoices`, newest first. Exported: the recurring context lists its invoices with it. */
export class ListInvoicesQuery extends Query<InvoiceSnapshot[]> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly filter: InvoiceFilter,
  ) {
    super();
  }
}
