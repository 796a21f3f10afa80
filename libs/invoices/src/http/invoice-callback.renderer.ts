import type { RecordedEvent } from '@gateway/event-store';
import { type CallbackMessage, type CallbackRenderer, RendersCallbacks } from '@gateway/webhooks';
import { Injectable } from '@nestjs/common';
import type { InvoiceExpired, InvoicePaid, InvoiceSettled } from '../domain/invoice.events';
import { renderInvoiceCallback } from './invoice.response';

/** Invoice callbacks (kind `invoice`): on PAID, on SETTLED and on EXPIRED, with the gaps.md body. */
@RendersCallbacks()
@Injectable()
export class InvoiceCallbackRenderer implements CallbackRenderer {
  readonly eventTypes = ['InvoicePaid', 'InvoiceSettled', 'InvoiceExpired'];

  render(event: RecordedEvent): CallbackMessage[] {
    const { invoice } = (event as unknown as InvoicePaid | InvoiceSettled | InvoiceExpired).data;
    return [{ kind: 'invoice', resourceId: invoice.invoiceId, body: renderInvoiceCallback(invoice) }];
  }
}
