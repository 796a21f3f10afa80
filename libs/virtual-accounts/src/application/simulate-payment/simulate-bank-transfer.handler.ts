import { FixedInstruments, type RoutedPayment } from '@gateway/fixed-instruments';
import { type InvoiceSnapshot, SimulatePoolVirtualAccountPaymentCommand } from '@gateway/invoices';
import { CommandBus, CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { VirtualAccountTypes } from '../../domain/virtual-account.decider';
import { invoiceClaimOf } from '../invoice-payments/invoice-claim';
import { VIRTUAL_ACCOUNTS } from '../virtual-account-kind';
import { SimulateBankTransferCommand } from './simulate-bank-transfer.command';

/**
 * The simulate route's decision in one place (docs/decisions.md, "Fixed payment instruments
 * kernel"): a number that is one of the business's fixed accounts is paid here; any other goes
 * to the invoices context's declared command for POOL numbers. No error is caught to re-send.
 */
@CommandHandler(SimulateBankTransferCommand)
export class SimulateBankTransferHandler implements ICommandHandler<
  SimulateBankTransferCommand,
  RoutedPayment<VirtualAccountTypes, InvoiceSnapshot>
> {
  constructor(
    private readonly instruments: FixedInstruments,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  execute(command: SimulateBankTransferCommand): Promise<RoutedPayment<VirtualAccountTypes, InvoiceSnapshot>> {
    const { businessId, mode, bankCode, accountNumber, amount, context } = command;
    const toPoolNumber = new SimulatePoolVirtualAccountPaymentCommand(
      businessId,
      mode,
      { bankCode, bankAccountNumber: accountNumber, transferAmount: amount },
      context,
    );
    return this.instruments.payOrDelegate(
      VIRTUAL_ACCOUNTS,
      { businessId, mode, channel: bankCode, number: accountNumber, amount, context },
      // Invoices' declared answer when no invoice holds the number: this route's "account not found".
      { pay: () => this.commands.execute(toPoolNumber), notFoundCode: 'VIRTUAL_ACCOUNT_NOT_FOUND_ERROR' },
      invoiceClaimOf(this.queries, businessId, mode, amount),
    );
  }
}
