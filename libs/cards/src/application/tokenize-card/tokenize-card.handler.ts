import { GetSettingsQuery } from '@gateway/accounts';
import { CommandPipeline, requestOrigin } from '@gateway/event-store';
import { AppConfig } from '@gateway/config';
import { IdGenerator } from '@gateway/runtime';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { maskCardNumber } from '../../domain/card-number';
import { threeDsProfileOf } from '../../domain/card-network-simulator';
import { cardTokenDecider, tokenStatusOf } from '../../domain/card-token.decider';
import { cardTokenStream, type CardTokenSnapshot } from '../../domain/card-token.events';
import { CardErrors } from '../../domain/cards.errors';
import { CARDS_PROJECTION } from '../../read-models/cards.projection';
import { CardVault } from '../../vault/card-vault';
import { newCardId } from '../card-ids';
import { validateCard } from '../card-validation';
import type { TokenView } from '../card-views';
import { TokenizeCardCommand } from './tokenize-card.command';

@CommandHandler(TokenizeCardCommand)
export class TokenizeCardHandler implements ICommandHandler<TokenizeCardCommand, TokenView> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly vault: CardVault,
    private readonly ids: IdGenerator,
    private readonly queries: QueryBus,
    private readonly config: AppConfig,
  ) {}

  async execute(command: TokenizeCardCommand): Promise<TokenView> {
    const { businessId, mode } = command;
    const origin = requestOrigin(command);
    const now = await this.pipeline.now(origin);
    const card = validateCard(command.card, now, this.config.CARD_ENABLE_AMEX ? ['AMEX'] : []);
    // No card processor ships with the gateway: live cards cannot be tokenized (design §9).
    if (mode !== 'test') throw CardErrors.liveNetworkUnavailable();
    const settings = await this.queries.execute(new GetSettingsQuery(businessId, mode));

    const tokenId = newCardId(this.ids);
    const snapshot: CardTokenSnapshot = {
      tokenId,
      businessId,
      mode,
      isMultipleUse: command.options.isMultipleUse,
      maskedCardNumber: maskCardNumber(card.number),
      cardBrand: card.brand,
      cardType: 'CREDIT',
      expMonth: card.expMonth,
      expYear: card.expYear,
      vaultId: this.ids.uuid(),
      threeDsProfile: threeDsProfileOf(card.number),
      createdAt: now.toISOString(),
    };
    // Decided before anything is stored: a refused token leaves no card behind.
    const events = cardTokenDecider.decide(
      {
        type: 'CreateToken',
        snapshot,
        shouldAuthenticate: command.options.shouldAuthenticate,
        amount: command.options.amount,
        authenticationId: newCardId(this.ids),
        optionalAuthenticationAllowed: settings?.settings.optionalAuthentication === true,
      },
      cardTokenDecider.initialState,
    );
    await this.vault.store({ vaultId: snapshot.vaultId, businessId, mode, cardNumber: card.number });
    await this.pipeline.create({
      ...origin,
      at: now,
      stream: cardTokenStream(tokenId),
      events,
      ifExists: 'fail',
      // The 3DS page and the charge that follow read what was just written.
      readYourWrites: { projection: CARDS_PROJECTION },
    });

    const state = events.reduce((s, event) => cardTokenDecider.evolve(s, event), cardTokenDecider.initialState);
    if (state.status !== 'active') throw new Error('token not created');
    const bundled = state.bundledAuthenticationId ? state.authentications[state.bundledAuthenticationId] : undefined;
    return {
      tokenId,
      ...(bundled && { authenticationId: bundled.authenticationId }),
      maskedCardNumber: snapshot.maskedCardNumber,
      status: tokenStatusOf(state),
      cardBrand: snapshot.cardBrand,
    };
  }
}
