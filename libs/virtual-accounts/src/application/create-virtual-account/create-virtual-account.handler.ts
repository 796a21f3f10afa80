import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { VirtualAccountSnapshot } from '../../domain/virtual-account.events';
import { VirtualAccountOpener } from '../virtual-account-opener';
import { CreateVirtualAccountCommand } from './create-virtual-account.command';

@CommandHandler(CreateVirtualAccountCommand)
export class CreateVirtualAccountHandler implements ICommandHandler<CreateVirtualAccountCommand, VirtualAccountSnapshot> {
  constructor(private readonly opener: VirtualAccountOpener) {}

  execute(command: CreateVirtualAccountCommand): Promise<VirtualAccountSnapshot> {
    return this.opener.open({ ...command.request, origin: { kind: 'fixed' } }, command.context);
  }
}
