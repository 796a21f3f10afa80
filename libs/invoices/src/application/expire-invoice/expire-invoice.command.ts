import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { InvoiceSnapshot } from '../../domain/invoice.events';

/** `POST /invoices/{id}/expire!`: a PENDING invoice becomes EXPIRED now. */
export class ExpireInvoiceCommand extends Command<InvoiceSnapshot> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly invoiceId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
