import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Clock, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { virtualAccountDecider } from '../../domain/virtual-account.decider';
import { VirtualAccountErrors } from '../../domain/virtual-account.errors';
import { type VirtualAccountSnapshot, virtualAccountStream } from '../../domain/virtual-account.events';
import { VIRTUAL_ACCOUNTS_PROJECTION } from '../../read-models/virtual-accounts.projection';
import { loadOwnedAccount } from '../owned-account';
import { UpdateVirtualAccountCommand } from './update-virtual-account.command';

@CommandHandler(UpdateVirtualAccountCommand)
export class UpdateVirtualAccountHandler implements ICommandHandler<UpdateVirtualAccountCommand, VirtualAccountSnapshot> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
  ) {}

  async execute(command: UpdateVirtualAccountCommand): Promise<VirtualAccountSnapshot> {
    const { vaId, businessId, mode } = command;
    await loadOwnedAccount(this.store, vaId, businessId, mode);
    const now = await this.clock.now({ businessId, mode });
    const decision = await decideAndAppend(
      this.store,
      virtualAccountStream(vaId),
      virtualAccountDecider,
      { type: 'UpdateVirtualAccount', vaId, changes: command.changes, now },
      toCommandMetadata(command.context, now, { businessId, mode }),
    );
    if (decision.appended) await this.progress.waitFor(VIRTUAL_ACCOUNTS_PROJECTION, decision.appended.position, 10_000);
    if (!decision.state.exists) throw VirtualAccountErrors.notFound(vaId);
    return decision.state.snapshot;
  }
}
