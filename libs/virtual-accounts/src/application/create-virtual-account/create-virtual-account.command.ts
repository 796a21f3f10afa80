import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { VirtualAccountSnapshot } from '../../domain/virtual-account.events';
import type { OpenVirtualAccount } from '../virtual-account-opening';

/** `POST /callback_virtual_accounts`: a fixed virtual account. */
export class CreateVirtualAccountCommand extends Command<VirtualAccountSnapshot> {
  constructor(
    readonly request: Omit<OpenVirtualAccount, 'origin'>,
    readonly context: RequestContext,
  ) {
    super();
  }
}
