import { RecordClaimedInvoicePaymentCommand } from '@gateway/invoices';
import { EventFollower, type Followed, Follower } from '@gateway/projections';
import { CommandBus } from '@nestjs/cqrs';
import type { VirtualAccountPaid } from '../../domain/virtual-account.events';

export const VIRTUAL_ACCOUNT_INVOICE_FOLLOWER = 'virtual-accounts.invoice-payments';

/**
 * A payment on a fixed VA that an invoice claimed (`callback_virtual_account_id`): the invoice
 * records it (PAID, or surplus if it was paid or expired meanwhile). A crash between the
 * account's payment and the invoice's is caught up; a replay is a no-op.
 */
@Follower()
export class VirtualAccountInvoiceFollower extends EventFollower<VirtualAccountPaid> {
  /** The payer's invoice turns PAID (and its callback leaves) through this reaction: never paced. */
  override readonly latencySensitive = true;

  constructor(private readonly commands: CommandBus) {
    super(VIRTUAL_ACCOUNT_INVOICE_FOLLOWER, ['VirtualAccountPaid']);
  }

  protected async follow(recorded: Followed<VirtualAccountPaid>): Promise<void> {
    const { payment, snapshot: account, claimedBy } = recorded.data;
    if (claimedBy?.context !== 'invoices') return;
    const received = {
      method: 'BANK_TRANSFER' as const,
      channel: account.bankCode,
      destination: account.accountNumber,
      paymentId: payment.paymentId,
      amount: payment.amount,
    };
    const claim = {
      businessId: account.businessId,
      mode: account.mode,
      invoiceId: claimedBy.resourceId,
      payment: received,
    };
    const actor = 'system:virtual-account-invoice-follower';
    await this.commands.execute(
      RecordClaimedInvoicePaymentCommand.following(recorded, claim, actor, payment.transactionTimestamp),
    );
  }
}
