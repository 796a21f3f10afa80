import { Clock } from '@gateway/clock';
import { IdGenerator } from '@gateway/runtime';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InvoiceErrors } from '../../domain/invoice.errors';
import type { InvoiceSnapshot } from '../../domain/invoice.events';
import { PayInvoiceCommand } from '../pay-invoice/pay-invoice.command';
import { PoolAllocator } from '../pool-allocator';
import { PayInvoiceByRetailCodeCommand, SimulatePoolVirtualAccountPaymentCommand } from './simulate-payment.commands';

@CommandHandler(SimulatePoolVirtualAccountPaymentCommand)
export class SimulatePoolVirtualAccountPaymentHandler implements ICommandHandler<
  SimulatePoolVirtualAccountPaymentCommand,
  InvoiceSnapshot
> {
  constructor(
    private readonly pools: PoolAllocator,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly commands: CommandBus,
  ) {}

  async execute(command: SimulatePoolVirtualAccountPaymentCommand): Promise<InvoiceSnapshot> {
    const { businessId, mode, request } = command;
    if (mode !== 'test') throw InvoiceErrors.testModeOnly();
    const now = await this.clock.now({ businessId, mode });
    const invoiceId = await this.pools.holder(
      'va',
      `${businessId}.${mode}.${request.bankCode}`,
      request.bankAccountNumber,
      now,
    );
    if (!invoiceId) throw InvoiceErrors.vaNotFound(request.bankCode, request.bankAccountNumber);
    return this.commands.execute(
      new PayInvoiceCommand(
        businessId,
        mode,
        invoiceId,
        {
          method: 'BANK_TRANSFER',
          channel: request.bankCode,
          destination: request.bankAccountNumber,
          paymentId: this.ids.uuid().replace(/-/g, '').slice(0, 24),
          amount: request.transferAmount,
        },
        command.context,
      ),
    );
  }
}

@CommandHandler(PayInvoiceByRetailCodeCommand)
export class PayInvoiceByRetailCodeHandler implements ICommandHandler<PayInvoiceByRetailCodeCommand, InvoiceSnapshot> {
  constructor(
    private readonly pools: PoolAllocator,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly commands: CommandBus,
  ) {}

  async execute(command: PayInvoiceByRetailCodeCommand): Promise<InvoiceSnapshot> {
    const { businessId, mode, request } = command;
    if (mode !== 'test' && !command.options.allowLive) throw InvoiceErrors.testModeOnly();
    const now = await this.clock.now({ businessId, mode });
    const invoiceId = await this.pools.holder(
      'retail',
      `${mode}.${request.retailOutletName}`,
      request.paymentCode,
      now,
    );
    if (!invoiceId) throw InvoiceErrors.paymentCodeNotFound(request.retailOutletName, request.paymentCode);
    // Codes are unique per chain across businesses: one of another business is not found for this one (PayInvoice
    // checks).
    return this.commands.execute(
      new PayInvoiceCommand(
        businessId,
        mode,
        invoiceId,
        {
          method: 'RETAIL_OUTLET',
          channel: request.retailOutletName,
          destination: request.paymentCode,
          paymentId: this.ids.uuid().replace(/-/g, '').slice(0, 24),
          amount: request.transferAmount,
        },
        command.context,
      ),
    );
  }
}
