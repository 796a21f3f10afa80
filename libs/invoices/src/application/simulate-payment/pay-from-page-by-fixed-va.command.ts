import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { InvoiceBank, InvoiceSnapshot } from '../../domain/invoice.events';

/**
 * What the page's test transfer did. `transferred`: the money went to the account and this
 * invoice claimed it. `older-invoice-first`: nothing was sent, because the account is shared
 * (one per customer and bank) and a transfer of this amount would be claimed by an older
 * PENDING invoice of the same customer. `not-claimable`: nothing was sent, because this
 * invoice could not claim the transfer now (it expired on the business's clock meanwhile).
 */
export type FixedVaPagePayment = 'transferred' | 'older-invoice-first' | 'not-claimable';

/**
 * The hosted page's test payment by one of the invoice's fixed VAs (`callback_virtual_account_id`
 * or `fixed_va`): a simulated transfer of the transfer amount to the account, which the invoice
 * claims. Only for a PENDING invoice (a stale page must not send money to the account), and only
 * when this invoice is the one the gateway would match the transfer to (docs/decisions.md,
 * "Hosted page, fixed VA banks"). Completes once the invoice's read model shows the outcome.
 */
export class PayFromPageByFixedVirtualAccountCommand extends Command<FixedVaPagePayment> {
  constructor(
    readonly invoice: InvoiceSnapshot,
    readonly bank: InvoiceBank,
    readonly context: RequestContext,
  ) {
    super();
  }
}
