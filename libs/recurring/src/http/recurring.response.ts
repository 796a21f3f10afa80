import { invoicePageUrl } from '@gateway/invoices';
import type { RecurringSnapshot } from '../domain/recurring.events';

/**
 * The recurring payment resource (spec table); stop!, pause!, resume! and PATCH answer the same shape.
 * `publicBaseUrl` (the answered request's) renders `last_created_invoice_url` for the address the
 * merchant reached; without it, the URL recorded when the invoice was issued.
 */
export function recurringToWire(recurring: RecurringSnapshot, publicBaseUrl?: string): Record<string, unknown> {
  const lastInvoiceUrl =
    publicBaseUrl !== undefined && recurring.lastCreatedInvoiceId !== undefined ? invoicePageUrl(publicBaseUrl, recurring.lastCreatedInvoiceId) : recurring.lastCreatedInvoiceUrl;
  return {
    id: recurring.recurringPaymentId,
    user_id: recurring.businessId,
    external_id: recurring.externalId,
    status: recurring.status,
    amount: recurring.amount,
    payer_email: recurring.payerEmail,
    description: recurring.description,
    interval: recurring.interval,
    interval_count: recurring.intervalCount,
    ...(recurring.totalRecurrence !== undefined && { total_recurrence: recurring.totalRecurrence }),
    recurrence_progress: recurring.recurrenceProgress,
    ...(recurring.invoiceDuration !== undefined && { invoice_duration: recurring.invoiceDuration }),
    should_send_email: recurring.shouldSendEmail,
    missed_payment_action: recurring.missedPaymentAction,
    ...(recurring.creditCardToken !== undefined && { credit_card_token: recurring.creditCardToken }),
    start_date: recurring.startDate,
    ...(recurring.successRedirectUrl !== undefined && { success_redirect_url: recurring.successRedirectUrl }),
    ...(recurring.failureRedirectUrl !== undefined && { failure_redirect_url: recurring.failureRedirectUrl }),
    ...(lastInvoiceUrl !== undefined && { last_created_invoice_url: lastInvoiceUrl }),
    recharge: recurring.creditCardToken !== undefined,
    charge_immediately: recurring.chargeImmediately,
    created: recurring.createdAt,
    updated: recurring.updatedAt,
  };
}
