import { CommandPipeline } from '@gateway/event-store';
import { IdGenerator } from '@gateway/runtime';
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
    private readonly pipeline: CommandPipeline,
    private readonly tokens: TokenLoader,
    private readonly ids: IdGenerator,
  ) {}

  async execute(command: CreateAuthenticationCommand): Promise<AuthenticationView> {
    const { businessId, mode, tokenId } = command;
    await this.tokens.load(tokenId, businessId, mode);
    const authenticationId = newCardId(this.ids);
    const decision = await this.pipeline.run({
      context: command.context,
      scope: { businessId, mode },
      stream: cardTokenStream(tokenId),
      decider: cardTokenDecider,
      command: (now) => ({ type: 'StartAuthentication' as const, authenticationId, amount: command.amount, now }),
      readYourWrites: { projection: CARDS_PROJECTION },
    });
    if (decision.state.status !== 'active') throw new Error('token vanished');
    const authentication = decision.state.authentications[authenticationId];
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
