import { FixedInstruments } from '@gateway/fixed-instruments';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { VirtualAccountSnapshot } from '../../domain/virtual-account.events';
import { VIRTUAL_ACCOUNTS } from '../virtual-account-kind';
import { UpdateVirtualAccountCommand } from './update-virtual-account.command';

/** The kernel's update: the caller's own account, the spec's rules, read-your-writes. */
@CommandHandler(UpdateVirtualAccountCommand)
export class UpdateVirtualAccountHandler implements ICommandHandler<
  UpdateVirtualAccountCommand,
  VirtualAccountSnapshot
> {
  constructor(private readonly instruments: FixedInstruments) {}

  execute({ vaId, businessId, mode, changes, context }: UpdateVirtualAccountCommand): Promise<VirtualAccountSnapshot> {
    return this.instruments.update(VIRTUAL_ACCOUNTS, { instrumentId: vaId, businessId, mode, changes, context });
  }
}
