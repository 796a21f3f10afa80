import type { DomainError } from '@gateway/domain';
import type { FixedVaPagePayment } from '../application/simulate-payment/pay-from-page-by-fixed-va.command';

/** What the payer reads on the invoice page when something they did there did not pay it. */
export const PageNotices = {
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

/**
 * What the payer reads when a payment is refused: the domain's message, unless it names the API's
 * fields (`token_id`, `card_exp_month`...), which mean nothing to a payer.
 */
export function payerNotice(error: DomainError): string {
  return /\b[a-z]+_[a-z_]+\b/.test(error.message)
    ? 'This payment could not be completed. Try again, or choose another way to pay.'
    : error.message;
}
