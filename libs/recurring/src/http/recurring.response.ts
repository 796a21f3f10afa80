import { invoicePageUrl } from '@gateway/invoices';
import { namedSchema, schema } from '@gateway/http-edge';
import type { RecurringSnapshot } from '../domain/recurring.events';

/**
 * The recurring payment resource (spec table); stop!, pause!, resume! and PATCH answer the same shape.
 * `publicBaseUrl` (the answered request's) renders `last_created_invoice_url` for the address the
 * merchant reached; without it, the URL recorded when the invoice was issued.
 */
export function recurringToWire(recurring: RecurringSnapshot, publicBaseUrl?: string): Record<string, unknown> {
  const lastInvoiceUrl =
    publicBaseUrl !== undefined && recurring.lastCreatedInvoiceId !== undefined
      ? invoicePageUrl(publicBaseUrl, recurring.lastCreatedInvoiceId)
      : recurring.lastCreatedInvoiceUrl;
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

/** The recurring payment resource (create, get, PATCH, stop!, pause!, resume!). */
export const RECURRING_PAYMENT_SCHEMA = namedSchema(
  'RecurringPayment',
  schema.object(
    {
      id: schema.string(),
      user_id: schema.string('The business'),
      external_id: schema.string(),
      status: schema.oneOfStrings(['ACTIVE', 'STOPPED', 'PAUSED']),
      amount: schema.amount('Billed each cycle'),
      payer_email: schema.string(),
      description: schema.string(),
      interval: schema.oneOfStrings(['DAY', 'WEEK', 'MONTH']),
      interval_count: schema.integer('Intervals between two cycles'),
      total_recurrence: schema.integer('Cycles in all; absent: until stopped'),
      recurrence_progress: schema.integer('Cycles billed so far'),
      invoice_duration: schema.integer("Seconds each cycle's invoice stays payable"),
      should_send_email: schema.boolean(),
      missed_payment_action: schema.oneOfStrings(['IGNORE', 'STOP']),
      credit_card_token: schema.string("A multiple-use card token each cycle's invoice is charged to"),
      start_date: schema.dateTime('When the first cycle is billed'),
      success_redirect_url: schema.string(),
      failure_redirect_url: schema.string(),
      last_created_invoice_url: schema.string("The page of the latest cycle's invoice"),
      recharge: schema.boolean('Whether cycles are charged to `credit_card_token`'),
      charge_immediately: schema.boolean(),
      created: schema.dateTime(),
      updated: schema.dateTime(),
    },
    {
      optional: [
        'total_recurrence',
        'invoice_duration',
        'credit_card_token',
        'success_redirect_url',
        'failure_redirect_url',
        'last_created_invoice_url',
      ],
    },
  ),
);
