import { CommandPipeline } from '@gateway/event-store';
import { FixedInstruments } from '@gateway/fixed-instruments';
import { TransferToFixedVirtualAccountCommand } from '@gateway/invoices';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { VIRTUAL_ACCOUNTS } from '../virtual-account-kind';
import { invoiceClaimOf } from './invoice-claim';
import { VIRTUAL_ACCOUNT_INVOICE_FOLLOWER } from './virtual-account-invoice.follower';

/**
 * The hosted invoice page's test payment on a fixed VA: the same simulated transfer as the API
 * (the invoice offering the account claims it), then a bounded wait for the follower that pays
 * the invoice, so the page it redirects to shows PAID.
 */
@CommandHandler(TransferToFixedVirtualAccountCommand)
export class TransferToFixedVirtualAccountHandler implements ICommandHandler<
  TransferToFixedVirtualAccountCommand,
  void
> {
  constructor(
    private readonly instruments: FixedInstruments,
    private readonly queries: QueryBus,
    private readonly pipeline: CommandPipeline,
  ) {}

  async execute(command: TransferToFixedVirtualAccountCommand): Promise<void> {
    const { businessId, mode, bankCode, accountNumber, amount, context } = command;
    const claims = invoiceClaimOf(this.queries, businessId, mode, amount);
    const paid = await this.instruments.pay(
      VIRTUAL_ACCOUNTS,
      { businessId, mode, channel: bankCode, number: accountNumber, amount, context },
      claims,
    );
    if (paid.position)
      await this.pipeline.waitFor(
        { projection: VIRTUAL_ACCOUNT_INVOICE_FOLLOWER },
        VIRTUAL_ACCOUNTS.streamOf(paid.instrument.vaId),
        paid.position,
      );
  }
}
