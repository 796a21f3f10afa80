import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { InvoiceItem, InvoiceSnapshot } from '../../domain/invoice.events';

export interface CreateInvoiceRequest {
  externalId: string;
  payerEmail: string;
  description: string;
  amount: number;
  shouldSendEmail?: boolean;
  callbackVirtualAccountId?: string;
  /** Seconds the payer has; the default is 24 hours. */
  invoiceDuration?: number;
  successRedirectUrl?: string;
  failureRedirectUrl?: string;
  /** Channel codes (BCA, ALFAMART, CREDIT_CARD, OVO...); empty or absent: every enabled channel. */
  paymentMethods?: string[];
  midLabel?: string;
  currency?: string;
  fixedVa?: boolean;
  items?: InvoiceItem[];
}

/**
 * Creates an invoice. Exported for the recurring context, which issues its invoices with a
 * deterministic `invoiceId` (so a retried cycle creates the invoice once) and its id.
 */
export class CreateInvoiceCommand extends Command<InvoiceSnapshot> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly request: CreateInvoiceRequest,
    readonly context: RequestContext,
    /**
     * `publicBaseUrl`: where the creating request reached the gateway (`publicBaseUrl()` of
     * @gateway/http-edge), for the stored `invoice_url` that callbacks and emails carry; without it
     * (a scheduled job) the configured address.
     */
    readonly options: { invoiceId?: string; recurringPaymentId?: string; publicBaseUrl?: string } = {},
  ) {
    super();
  }
}
