import { Query } from '@nestjs/cqrs';
import type { InvoiceSnapshot } from '../../domain/invoice.events';

export class GetInvoiceQuery extends Query<InvoiceSnapshot> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly invoiceId: string,
  ) {
    super();
  }
}

/** The hosted page: an invoice by its unguessable id alone (the page has no API key). */
export class GetPublicInvoiceQuery extends Query<InvoiceSnapshot> {
  constructor(readonly invoiceId: string) {
    super();
  }
}
