import { aggregateRuns, type CommandPipeline } from '@gateway/event-store';
import type { QueryBus } from '@nestjs/cqrs';
import { invoiceDecider, type InvoiceState } from '../domain/invoice.decider';
import { InvoiceErrors } from '../domain/invoice.errors';
import { type InvoiceSnapshot, invoiceStream } from '../domain/invoice.events';
import { INVOICES_PROJECTION } from '../read-models/invoices.projection';
import { GetPublicInvoiceQuery } from './get-invoice/get-invoice.query';

/**
 * 404 unless the invoice exists for this business and mode (another tenant's invoice does not exist for the caller).
 */
export async function ensureOwnedInvoice(
  pipeline: CommandPipeline,
  businessId: string,
  mode: string,
  invoiceId: string,
): Promise<void> {
  const owned =
    /^[0-9a-f]{24}$/.test(invoiceId) && (await pipeline.ownedBy(invoiceStream(invoiceId), { businessId, mode }));
  if (!owned) throw InvoiceErrors.notFound(invoiceId);
}

/** Commands on an invoice: the invoices read model shows the outcome before the answer (the caller reads it next). */
export const onInvoice = aggregateRuns({
  streamOf: invoiceStream,
  decider: invoiceDecider,
  readModel: INVOICES_PROJECTION,
});

/** The invoice as a command on it left it (the answer). */
export function invoiceAfter(state: InvoiceState, invoiceId: string): InvoiceSnapshot {
  if (state.status !== 'exists') throw InvoiceErrors.notFound(invoiceId);
  return state.invoice;
}

/** The invoice a payer pays from its page: PENDING, or INVOICE_NOT_PENDING_ERROR. */
export async function pendingInvoice(queries: QueryBus, invoiceId: string): Promise<InvoiceSnapshot> {
  const invoice = await queries.execute(new GetPublicInvoiceQuery(invoiceId));
  if (invoice.status !== 'PENDING') throw InvoiceErrors.notPending(invoice.invoiceId, invoice.status);
  return invoice;
}
