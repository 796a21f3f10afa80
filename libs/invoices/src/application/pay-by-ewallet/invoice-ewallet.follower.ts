import type { EwalletPaymentCompleted } from '@gateway/ewallets';
import { EventFollower, type Followed, Follower } from '@gateway/projections';
import { CommandBus } from '@nestjs/cqrs';
import { RecordClaimedInvoicePaymentCommand } from '../record-claimed-payment/record-claimed-payment.command';

export const INVOICE_EWALLET_FOLLOWER = 'invoices.ewallet-payments';

/**
 * An eWallet payment made for an invoice (from its hosted page) completed: the invoice records
 * it (PAID with its MoneyInReceived, or surplus if it was paid or expired meanwhile). A crash
 * between the eWallet's completion and the invoice's payment is caught up on restart; the
 * invoice decider makes a replay a no-op.
 */
@Follower()
export class InvoiceEwalletFollower extends EventFollower<EwalletPaymentCompleted> {
  /** The payer's invoice turns PAID (and its callback leaves) through this reaction: never paced. */
  override readonly latencySensitive = true;

  constructor(private readonly commands: CommandBus) {
    super(INVOICE_EWALLET_FOLLOWER, ['EwalletPaymentCompleted']);
  }

  protected async follow(recorded: Followed<EwalletPaymentCompleted>): Promise<void> {
    const { payment, completedAt } = recorded.data;
    if (payment.moneyRecordedBy?.context !== 'invoices') return;
    const claim = {
      businessId: payment.businessId,
      mode: payment.mode,
      invoiceId: payment.moneyRecordedBy.resourceId,
      payment: {
        method: 'EWALLET' as const,
        channel: payment.ewalletType,
        destination: '',
        paymentId: payment.paymentId,
        amount: payment.amount,
      },
    };
    const actor = 'system:invoice-ewallet-follower';
    await this.commands.execute(RecordClaimedInvoicePaymentCommand.following(recorded, claim, actor, completedAt));
  }
}
