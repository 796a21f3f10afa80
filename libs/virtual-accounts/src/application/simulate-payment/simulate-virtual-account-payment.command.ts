import type { GlobalPosition } from '@gateway/event-store';
import type { Mode, RequestContext } from '@gateway/platform';
import { Command } from '@nestjs/cqrs';
import type { VirtualAccountPayment, VirtualAccountSnapshot } from '../../domain/virtual-account.events';

export interface SimulatedVirtualAccountPayment {
  payment: VirtualAccountPayment;
  /** The account as it was paid (before a single-use deactivation). */
  account: VirtualAccountSnapshot;
  /** Where the payment was appended: a caller may wait for a follower to pass it. */
  position?: GlobalPosition;
}

/**
 * `POST /pool_virtual_accounts/simulate_payment` (test mode): the simulated bank transfers
 * `amount` to the complete account number. Also what invoices use to pay a pool account.
 */
export class SimulateVirtualAccountPaymentCommand extends Command<SimulatedVirtualAccountPayment> {
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
