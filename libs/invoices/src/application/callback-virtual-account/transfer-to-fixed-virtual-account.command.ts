import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';

/**
 * Test mode, from the hosted page: the simulated bank transfers `amount` to a fixed VA the invoice
 * offers (`callback_virtual_account_id` or `fixed_va`). Completes once the invoice has taken the
 * payment (or the account kept it). A port: answered by the virtual-accounts context.
 */
export class TransferToFixedVirtualAccountCommand extends Command<void> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly bankCode: string,
    readonly accountNumber: string,
    readonly amount: number,
    readonly context: RequestContext,
  ) {
    super();
  }
}
