import { Clock } from '@gateway/clock';
import { IdGenerator, type RequestContext } from '@gateway/runtime';
import { Injectable } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InvoiceErrors } from '../../domain/invoice.errors';
import type { InvoiceSnapshot } from '../../domain/invoice.events';
import type { PoolKind } from '../../domain/pool-number.events';
import { type InvoicePaymentRequest, PayInvoiceCommand } from '../pay-invoice/pay-invoice.command';
import { PoolAllocator } from '../pool-allocator';
import { PayInvoiceByRetailCodeCommand, SimulatePoolVirtualAccountPaymentCommand } from './simulate-payment.commands';

/** A payment into a number of the invoices' pools (a POOL VA number, a retail code). */
interface PoolPayment {
  kind: PoolKind;
  pool: string;
  /** Its destination is the number paid. */
  payment: Omit<InvoicePaymentRequest, 'paymentId'>;
  /** No invoice holds the number now. */
  notFound: () => Error;
}

/** Pays the invoice that holds a pool number now (on the business's clock), as PayInvoice does. */
@Injectable()
abstract class PoolNumberPayer {
  constructor(
    private readonly pools: PoolAllocator,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly commands: CommandBus,
  ) {}

  protected async payHolder(
    request: { businessId: string; mode: 'test' | 'live'; context: RequestContext },
    { kind, pool, payment, notFound }: PoolPayment,
  ): Promise<InvoiceSnapshot> {
    const { businessId, mode } = request;
    const now = await this.clock.now({ businessId, mode });
    const invoiceId = await this.pools.holder(kind, pool, payment.destination, now);
    if (!invoiceId) throw notFound();
    const { method, channel, destination, amount } = payment;
    const paymentId = this.ids.uuid().replace(/-/g, '').slice(0, 24);
    const paid = { method, channel, destination, paymentId, amount };
    return this.commands.execute(new PayInvoiceCommand(businessId, mode, invoiceId, paid, request.context));
  }
}

@CommandHandler(SimulatePoolVirtualAccountPaymentCommand)
export class SimulatePoolVirtualAccountPaymentHandler
  extends PoolNumberPayer
  implements ICommandHandler<SimulatePoolVirtualAccountPaymentCommand, InvoiceSnapshot>
{
  async execute(command: SimulatePoolVirtualAccountPaymentCommand): Promise<InvoiceSnapshot> {
    const { businessId, mode, request } = command;
    if (mode !== 'test') throw InvoiceErrors.testModeOnly();
    return this.payHolder(command, {
      kind: 'va',
      pool: `${businessId}.${mode}.${request.bankCode}`,
      payment: {
        method: 'BANK_TRANSFER',
        channel: request.bankCode,
        destination: request.bankAccountNumber,
        amount: request.transferAmount,
      },
      notFound: () => InvoiceErrors.vaNotFound(request.bankCode, request.bankAccountNumber),
    });
  }
}

@CommandHandler(PayInvoiceByRetailCodeCommand)
export class PayInvoiceByRetailCodeHandler
  extends PoolNumberPayer
  implements ICommandHandler<PayInvoiceByRetailCodeCommand, InvoiceSnapshot>
{
  async execute(command: PayInvoiceByRetailCodeCommand): Promise<InvoiceSnapshot> {
    const { mode, request } = command;
    if (mode !== 'test' && !command.options.allowLive) throw InvoiceErrors.testModeOnly();
    // Codes are unique per chain across businesses: one of another business is not found for this one (PayInvoice
    // checks).
    return this.payHolder(command, {
      kind: 'retail',
      pool: `${mode}.${request.retailOutletName}`,
      payment: {
        method: 'RETAIL_OUTLET',
        channel: request.retailOutletName,
        destination: request.paymentCode,
        amount: request.transferAmount,
      },
      notFound: () => InvoiceErrors.paymentCodeNotFound(request.retailOutletName, request.paymentCode),
    });
  }
}
