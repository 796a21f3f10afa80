import { FixedInstruments } from '@gateway/fixed-instruments';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { VirtualAccountSnapshot } from '../../domain/virtual-account.events';
import { VIRTUAL_ACCOUNTS } from '../virtual-account-kind';
import { virtualAccountOpening } from '../virtual-account-opening';
import { CreateVirtualAccountCommand } from './create-virtual-account.command';

@CommandHandler(CreateVirtualAccountCommand)
export class CreateVirtualAccountHandler implements ICommandHandler<
  CreateVirtualAccountCommand,
  VirtualAccountSnapshot
> {
  constructor(private readonly instruments: FixedInstruments) {}

  execute(command: CreateVirtualAccountCommand): Promise<VirtualAccountSnapshot> {
    const request = { ...command.request, origin: { kind: 'fixed' as const } };
    return this.instruments.open(
      VIRTUAL_ACCOUNTS,
      request,
      (settings) => virtualAccountOpening(request, settings),
      command.context,
    );
  }
}
