import { FixedInstruments, type RoutedPayment } from '@gateway/fixed-instruments';
import { type InvoiceSnapshot, PayInvoiceByRetailCodeCommand } from '@gateway/invoices';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PaymentCodeTypes } from '../../domain/payment-code.decider';
import { PAYMENT_CODES } from '../payment-code-kind';
import { SimulateTillPaymentCommand } from './simulate-till-payment.command';

/**
 * The till route's decision in one place (docs/decisions.md, "Fixed payment instruments kernel"):
 * one of the business's fixed codes is paid here; any other code goes to the invoices context's
 * declared command for invoice codes. No error is caught to re-send.
 */
@CommandHandler(SimulateTillPaymentCommand)
export class SimulateTillPaymentHandler implements ICommandHandler<
  SimulateTillPaymentCommand,
  RoutedPayment<PaymentCodeTypes, InvoiceSnapshot>
> {
  constructor(
    private readonly instruments: FixedInstruments,
    private readonly commands: CommandBus,
  ) {}

  execute(command: SimulateTillPaymentCommand): Promise<RoutedPayment<PaymentCodeTypes, InvoiceSnapshot>> {
    const { retailOutletName, paymentCode, amount, ...caller } = command;
    const invoiceCode = new PayInvoiceByRetailCodeCommand(
      caller.businessId,
      caller.mode,
      { retailOutletName, paymentCode, transferAmount: amount },
      caller.context,
    );
    return this.instruments.payOrDelegate(
      PAYMENT_CODES,
      { ...caller, channel: retailOutletName, number: paymentCode, amount },
      // Invoices' declared answer when no invoice holds the code: the fixed code's "not found".
      { notFoundCode: 'PAYMENT_CODE_NOT_FOUND_ERROR', pay: () => this.commands.execute(invoiceCode) },
    );
  }
}
