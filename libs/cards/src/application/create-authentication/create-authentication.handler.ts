import { CommandPipeline, requestOrigin } from '@gateway/event-store';
import { IdGenerator } from '@gateway/runtime';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { newCardId } from '../card-ids';
import type { AuthenticationView } from '../card-views';
import { onCardToken, TokenLoader } from '../token-loader';
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
    const start = (now: Date) => ({
      type: 'StartAuthentication' as const,
      authenticationId,
      amount: command.amount,
      now,
    });
    const decision = await this.pipeline.run(onCardToken(requestOrigin(command), tokenId, start));
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
