import { Clock } from '@gateway/clock';
import { CommandPipeline } from '@gateway/event-store';
import { CommandBus, CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { InvoiceErrors } from '../../domain/invoice.errors';
import { invoiceStream } from '../../domain/invoice.events';
import { INVOICES_PROJECTION } from '../../read-models/invoices.projection';
import { FindInvoiceClaimingVirtualAccountQuery } from '../callback-virtual-account/callback-virtual-account.queries';
// prettier-ignore
import {
  TransferToFixedVirtualAccountCommand,
} from '../callback-virtual-account/transfer-to-fixed-virtual-account.command';
import { type FixedVaPagePayment, PayFromPageByFixedVirtualAccountCommand } from './pay-from-page-by-fixed-va.command';

/**
 * The page's button simulates what the payer would do: transfer the amount to the account. The
 * gateway, not the page, decides which invoice a transfer into a shared account pays (the oldest
 * PENDING one offering it for that amount), so the button first asks that same question and sends
 * nothing unless the answer is this invoice: a simulation must not pay an invoice the payer did not
 * pick, nor pay this one where a real transfer would not.
 */
@CommandHandler(PayFromPageByFixedVirtualAccountCommand)
export class PayFromPageByFixedVirtualAccountHandler implements ICommandHandler<
  PayFromPageByFixedVirtualAccountCommand,
  FixedVaPagePayment
> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute(command: PayFromPageByFixedVirtualAccountCommand): Promise<FixedVaPagePayment> {
    const { invoice, bank } = command;
    const { businessId, mode } = invoice;
    if (invoice.status !== 'PENDING') throw InvoiceErrors.notPending(invoice.invoiceId, invoice.status);
    const claimant = await this.claimantOf(command);
    if (claimant === undefined) return 'not-claimable';
    if (claimant !== invoice.invoiceId) return 'older-invoice-first';
    // Returns once the follower that records the claimed payment on the invoice has run.
    await this.commands.execute(
      new TransferToFixedVirtualAccountCommand(
        businessId,
        mode,
        bank.bankCode,
        bank.accountNumber,
        bank.transferAmount,
        command.context,
      ),
    );
    // The follower appends without waiting for the read model; the page that follows reads it.
    await this.pipeline.catchUp({ projection: INVOICES_PROJECTION }, invoiceStream(invoice.invoiceId));
    return 'transferred';
  }

  /** The invoice a transfer of the amount into the account would pay now: the gateway's own match. */
  private async claimantOf({ invoice, bank }: PayFromPageByFixedVirtualAccountCommand): Promise<string | undefined> {
    const { businessId, mode } = invoice;
    if (!bank.callbackVirtualAccountId) return undefined;
    const now = await this.clock.now({ businessId, mode });
    return this.queries.execute(
      new FindInvoiceClaimingVirtualAccountQuery(
        businessId,
        mode,
        bank.callbackVirtualAccountId,
        bank.transferAmount,
        now,
      ),
    );
  }
}
