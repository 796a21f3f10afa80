import { TransferToFixedVirtualAccountCommand } from '@gateway/invoices';
import { ProjectionProgress } from '@gateway/projections';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type SimulatedVirtualAccountPayment, SimulateVirtualAccountPaymentCommand } from '../simulate-payment/simulate-virtual-account-payment.command';
import { VIRTUAL_ACCOUNT_INVOICE_FOLLOWER } from './virtual-account-invoice.follower';

/**
 * The hosted invoice page's test payment on a fixed VA: the same simulated transfer as the API,
 * then a bounded wait for the follower that pays the invoice, so the page it redirects to shows PAID.
 */
@CommandHandler(TransferToFixedVirtualAccountCommand)
export class TransferToFixedVirtualAccountHandler implements ICommandHandler<TransferToFixedVirtualAccountCommand, void> {
  constructor(
    private readonly commands: CommandBus,
    private readonly progress: ProjectionProgress,
  ) {}

  async execute(command: TransferToFixedVirtualAccountCommand): Promise<void> {
    const paid: SimulatedVirtualAccountPayment = await this.commands.execute(
      new SimulateVirtualAccountPaymentCommand(command.businessId, command.mode, command.bankCode, command.accountNumber, command.amount, command.context),
    );
    if (paid.position) await this.progress.waitFor(VIRTUAL_ACCOUNT_INVOICE_FOLLOWER, paid.position, 10_000);
  }
}
