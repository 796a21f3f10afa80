import type { DomainError } from '@gateway/domain';
import type { FixedVaPagePayment } from '../application/simulate-payment/pay-from-page-by-fixed-va.command';
import type { InvoiceStatus } from '../domain/invoice.events';

/** What the payer reads on the invoice page when something they did there did not pay it. */
export const PageNotices = {
  /** The form's post was not what the page sends (an empty choice, no form at all). */
  formProblem: 'Something went wrong with that choice. Choose a way to pay and try again.',
  methodNotOffered: 'This payment method is not offered on this invoice.',
  /** The payment went through but this invoice, read again, is still not paid (it went elsewhere, or is late). */
  notPaidAfterPayment:
    'The payment was made, but this invoice does not show as paid. Reload this page in a moment; ' +
    'if it still shows unpaid, contact the merchant before paying again.',
  /** The page's test transfer into a shared fixed VA that the gateway would match to another invoice. */
  fixedVa: {
    'older-invoice-first':
      'A transfer of this amount to this account would pay your earlier unpaid invoice for the same amount ' +
      'first. Pay that invoice first, or choose another way to pay.',
    'not-claimable': 'This invoice can no longer be paid to this account. Reload the page to see its status.',
  } satisfies Record<Exclude<FixedVaPagePayment, 'transferred'>, string>,
} as const;

const NOT_PENDING: Record<InvoiceStatus, string> = {
  PENDING: 'This invoice could not be paid just now. Try again, or choose another way to pay.',
  PAID: 'This invoice has already been paid.',
  SETTLED: 'This invoice has already been paid.',
  EXPIRED: 'This invoice has expired and can no longer be paid.',
};

/**
 * What the payer reads when a payment is refused. An invoice no longer open is said in the payer's
 * words from its current status (the domain's message names states and rules); otherwise the
 * domain's message, unless it names the API's fields (`token_id`, `card_exp_month`...), which mean
 * nothing to a payer.
 */
export function payerNotice(error: DomainError, invoice: { status: InvoiceStatus }): string {
  if (error.code === 'INVOICE_NOT_PENDING_ERROR') return NOT_PENDING[invoice.status];
  return /\b[a-z]+_[a-z_]+\b/.test(error.message)
    ? 'This payment could not be completed. Try again, or choose another way to pay.'
    : error.message;
}
