import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { InvoiceBank, InvoiceSnapshot } from '../../domain/invoice.events';

/**
 * The hosted page's test payment by one of the invoice's fixed VAs (`callback_virtual_account_id`
 * or `fixed_va`): a simulated transfer of the transfer amount to the account, which the invoice
 * claims. Only for a PENDING invoice (a stale page must not send money to the account). Completes once the invoice's
 * read model shows the outcome.
 */
export class PayFromPageByFixedVirtualAccountCommand extends Command<void> {
  constructor(
    readonly invoice: InvoiceSnapshot,
    readonly bank: InvoiceBank,
    readonly context: RequestContext,
  ) {
    super();
  }
}
