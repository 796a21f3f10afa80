import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { FixedVirtualAccountRef } from './callback-virtual-account.queries';

/**
 * `fixed_va: true`: the customer's own fixed VA for one bank, opened on first use and the same
 * account on every later invoice of that customer (business, mode, bank and lower-cased payer
 * email). Undefined when the business cannot have fixed accounts of that bank (the invoice then
 * offers a POOL number). A port like FindFixedVirtualAccountQuery: declared here, answered by the
 * virtual-accounts context.
 */
export class OpenCustomerVirtualAccountCommand extends Command<FixedVirtualAccountRef | undefined> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly bankCode: string,
    readonly payerEmail: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
