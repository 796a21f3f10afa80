import type { Mode } from '@gateway/clock';
import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { VirtualAccountUpdate } from '../../domain/virtual-account.decider';
import type { VirtualAccountSnapshot } from '../../domain/virtual-account.events';

/** `PATCH /callback_virtual_accounts/{id}`. */
export class UpdateVirtualAccountCommand extends Command<VirtualAccountSnapshot> {
  constructor(
    readonly vaId: string,
    readonly businessId: string,
    readonly mode: Mode,
    readonly changes: VirtualAccountUpdate,
    readonly context: RequestContext,
  ) {
    super();
  }
}
