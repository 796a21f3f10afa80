import { SearchCardTransactionsHandler } from './application/search-charges/search-card-transactions.handler';
import { CardsAuditedResources } from './application/cards-audited-resources';

import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CaptureChargeHandler, ReverseAuthorizationHandler } from './application/capture-charge/capture-charge.handler';
import { ChargeLoader } from './application/charge-loader';
import { ChargeMaterializer } from './application/charge-materializer';
import {
  CompleteChallengeHandler,
  GetAuthenticationHandler,
} from './application/complete-challenge/complete-challenge.handler';
import { CreateAuthenticationHandler } from './application/create-authentication/create-authentication.handler';
import { CreateChargeHandler } from './application/create-charge/create-charge.handler';
import { CreateRefundHandler } from './application/create-refund/create-refund.handler';
import { GetChargeHandler } from './application/get-charge/get-charge.handler';
import { ProcessRefundJob } from './application/process-refund/process-refund.job';
import { RefundProcessor } from './application/process-refund/refund-processor';
import { ExpireAuthenticationJob, ExpireAuthorizationJob } from './application/timers/card-timers.job';
import { TokenLoader } from './application/token-loader';
import { TokenUseFollower } from './application/token-use-follower';
import { CheckReusableCardTokenHandler } from './application/reusable-token/reusable-token.handler';
import { TokenizeCardHandler } from './application/tokenize-card/tokenize-card.handler';
import { CardChargesController } from './http/card-charges.controller';
import { CardRefundCallbackRenderer } from './http/card-refund-callback.renderer';
import { CardTokensController } from './http/card-tokens.controller';
import { CardsScriptController } from './http/cards-script.controller';
import { ThreeDsPageController } from './http/three-ds-page.controller';
import { TokenizationCorsMiddleware } from './http/tokenization-cors.middleware';
import { CardsProjection } from './read-models/cards.projection';
import { CardVault } from './vault/card-vault';
import { providersByRole } from '@gateway/runtime';

/** Its providers, grouped by role (each role's group is documented on ProvidersByRole). */
const providers = providersByRole({
  commandHandlers: [
    TokenizeCardHandler,
    CreateAuthenticationHandler,
    CompleteChallengeHandler,
    CreateChargeHandler,
    CaptureChargeHandler,
    ReverseAuthorizationHandler,
    CreateRefundHandler,
  ],
  queryHandlers: [
    GetAuthenticationHandler,
    GetChargeHandler,
    CheckReusableCardTokenHandler,
    SearchCardTransactionsHandler,
  ],
  projections: [CardsProjection],
  followers: [TokenUseFollower],
  jobs: [ProcessRefundJob, ExpireAuthorizationJob, ExpireAuthenticationJob],
  callbackRenderers: [CardRefundCallbackRenderer],
  auditedResources: [CardsAuditedResources],
  services: [CardVault, TokenLoader, ChargeLoader, ChargeMaterializer, RefundProcessor],
});

/** Card tokens and 3DS, the card vault, charges, captures, reversals and refunds (issue 6). */
@Module({
  imports: [CqrsModule],
  controllers: [CardTokensController, CardChargesController, ThreeDsPageController, CardsScriptController],
  providers,
})
export class CardsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(TokenizationCorsMiddleware).forRoutes(
      ...['v2/credit_card_tokens', 'credit_card_tokens/:token_id/authentications'].flatMap((path) => [
        { path, method: RequestMethod.POST },
        { path, method: RequestMethod.OPTIONS },
      ]),
    );
  }
}
