import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Clock, IdGenerator, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { cardTokenDecider } from '../../domain/card-token.decider';
import { cardTokenStream } from '../../domain/card-token.events';
import { CARDS_PROJECTION } from '../../read-models/cards.projection';
import { newCardId } from '../card-ids';
import type { AuthenticationView } from '../card-views';
import { TokenLoader } from '../token-loader';
import { CreateAuthenticationCommand } from './create-authentication.command';

@CommandHandler(CreateAuthenticationCommand)
export class CreateAuthenticationHandler implements ICommandHandler<CreateAuthenticationCommand, AuthenticationView> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly tokens: TokenLoader,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly progress: ProjectionProgress,
  ) {}

  async execute(command: CreateAuthenticationCommand): Promise<AuthenticationView> {
    const { businessId, mode, tokenId } = command;
    await this.tokens.load(tokenId, businessId, mode);
    const now = await this.clock.now({ businessId, mode });
    const authenticationId = newCardId(this.ids);
    const decision = await decideAndAppend(
      this.store,
      cardTokenStream(tokenId),
      cardTokenDecider,
      { type: 'StartAuthentication', authenticationId, amount: command.amount, now },
      toCommandMetadata(command.context, now, { businessId, mode }),
    );
    if (decision.appended) await this.progress.waitFor(CARDS_PROJECTION, decision.appended.position, 10_000);
    if (decision.state.status !== 'active') throw new Error('token vanished');
    const authentication = decision.state.authentications[authenticationId]!;
    return {
      authenticationId,
      tokenId,
      businessId,
      mode,
      amount: authentication.amount,
      status: authentication.status,
      maskedCardNumber: decision.state.snapshot.maskedCardNumber,
      threeDsProfile: decision.state.snapshot.threeDsProfile,
    };
  }
}
