import type { RoutedPayment } from '@gateway/fixed-instruments';
import type { InvoiceSnapshot } from '@gateway/invoices';
import type { Mode } from '@gateway/clock';
import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { VirtualAccountTypes } from '../../domain/virtual-account.decider';

/**
 * `POST /pool_virtual_accounts/simulate_payment` (test mode): the simulated bank transfers
 * `amount` to a complete account number: one of the business's fixed accounts (`paid: 'own'`),
 * or the invoice that holds it as a POOL number (`paid: 'delegated'`, the invoice as it is after).
 */
export class SimulateBankTransferCommand extends Command<RoutedPayment<VirtualAccountTypes, InvoiceSnapshot>> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly bankCode: string,
    readonly accountNumber: string,
    readonly amount: number,
    readonly context: RequestContext,
  ) {
    super();
  }
}
