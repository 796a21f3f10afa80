import type { EventStore } from '@gateway/event-store';
import { InvoiceErrors } from '../domain/invoice.errors';
import { invoiceStream } from '../domain/invoice.events';

/**
 * 404 unless the invoice exists for this business and mode (another tenant's invoice does not exist for the caller).
 */
export async function ensureOwnedInvoice(
  store: EventStore,
  businessId: string,
  mode: string,
  invoiceId: string,
): Promise<void> {
  const recorded = /^[0-9a-f]{24}$/.test(invoiceId)
    ? await store.readStream(invoiceStream(invoiceId), { maxCount: 1 })
    : [];
  if (recorded.length === 0 || recorded[0].metadata.businessId !== businessId || recorded[0].metadata.mode !== mode)
    throw InvoiceErrors.notFound(invoiceId);
}
