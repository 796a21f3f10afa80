import { AppConfig } from '@gateway/config';
import {
  AllowPublicKey,
  ApiDoc,
  ApiTag,
  type Caller,
  CurrentCaller,
  requestContextOf,
  RequirePermissions,
  SkipIdempotency,
} from '@gateway/http-edge';
import { applyDecorators, Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { CreateAuthenticationCommand } from '../application/create-authentication/create-authentication.command';
import { TokenizeCardCommand } from '../application/tokenize-card/tokenize-card.command';
import { CreateAuthenticationRequestDto, TokenizeCardRequestDto } from './cards.request.dto';
import { authenticationToWire, CARD_AUTHENTICATION_SCHEMA, CARD_TOKEN_SCHEMA, tokenToWire } from './cards.response';
import { threeDsPageUrl } from './three-ds-page-url';

/** Each endpoint cards.js calls (see the controller's comment): 200, public key, money-in write, no idempotency. */
const CardsJsEndpoint = () =>
  applyDecorators(HttpCode(200), AllowPublicKey(), RequirePermissions('money_in:write'), SkipIdempotency());

/**
 * The public-key endpoints cards.js calls from the payer's browser (gaps.md): card data goes
 * from the browser to the gateway, never through the merchant. Not idempotent on a key: an
 * idempotency record would keep a fingerprint of the card data, and a repeated tokenization
 * costs nothing but a second token. The public key always reaches them (it exists for nothing
 * else); a secret key needs money-in write, else 403 REQUEST_FORBIDDEN_ERROR (spec tokenization
 * table; issue 19, item 6).
 */
@ApiTag(
  'Cards',
  'Card tokens (cards.js, public key), 3DS authentications, charges, captures, authorization reversals and refunds.',
)
@Controller()
export class CardTokensController {
  constructor(
    private readonly commands: CommandBus,
    private readonly config: AppConfig,
  ) {}

  @Post('v2/credit_card_tokens')
  @ApiDoc({
    summary: 'Tokenize a card',
    description:
      "What cards.js (`GET /js/v1/cards.js`) calls from the payer's browser with the PUBLIC key, " +
      'so card data never passes through the merchant. A single-use token is authenticated with 3DS by default ' +
      '(`should_authenticate`); IN_REVIEW answers the 3DS page in `payer_authentication_url`. Test cards decide the ' +
      'outcome (docs: cards). Not idempotent on a key: a repeated tokenization only makes a second token.',
    operationId: 'createCardToken',
    response: CARD_TOKEN_SCHEMA,
    errors: [
      'ACCOUNT_NUMBER_INVALID_ERROR',
      'VALIDATION_ERROR',
      'BRAND_NOT_SUPPORTED_ERROR',
      'CREDIT_CARD_DATA_ERROR',
      'INVALID_CVN_LENGTH_ERROR',
      'AUTHENTICATION_REQUIRED_ERROR',
      'VERIFICATION_TIMEOUT_ERROR',
      'TEMPORARY_SERVICE_ERROR',
    ],
  })
  @CardsJsEndpoint()
  async tokenize(@CurrentCaller() caller: Caller, @Body() body: TokenizeCardRequestDto, @Req() request: Request) {
    const card = body.card_data;
    const token = await this.commands.execute(
      new TokenizeCardCommand(
        caller.businessId,
        caller.mode,
        {
          cardNumber: card.account_number,
          expMonth: card.exp_month,
          expYear: card.exp_year,
          cvn: body.card_cvn ?? card.cvn,
        },
        {
          isMultipleUse: body.is_multiple_use ?? (body.is_single_use === undefined ? false : !body.is_single_use),
          shouldAuthenticate: body.should_authenticate ?? true,
          amount: body.amount,
        },
        requestContextOf(request, caller),
      ),
    );
    return tokenToWire(
      token,
      token.status,
      token.authenticationId && threeDsPageUrl(request, this.config, token.authenticationId),
    );
  }

  @Post('credit_card_tokens/:token_id/authentications')
  @ApiDoc({
    summary: 'Authenticate a card token',
    description:
      'A 3DS authentication of a multiple-use token for `amount` (cards.js `createAuthentication`, public key).',
    operationId: 'createCardAuthentication',
    response: CARD_AUTHENTICATION_SCHEMA,
    errors: [
      'TOKEN_NOT_FOUND_ERROR',
      'INVALID_TOKEN_ID_ERROR',
      'VERIFICATION_TIMEOUT_ERROR',
      'TEMPORARY_SERVICE_ERROR',
    ],
  })
  @CardsJsEndpoint()
  async authenticate(
    @CurrentCaller() caller: Caller,
    @Param('token_id') tokenId: string,
    @Body() body: CreateAuthenticationRequestDto,
    @Req() request: Request,
  ) {
    const authentication = await this.commands.execute(
      new CreateAuthenticationCommand(
        caller.businessId,
        caller.mode,
        tokenId,
        body.amount,
        requestContextOf(request, caller),
      ),
    );
    return authenticationToWire(authentication, threeDsPageUrl(request, this.config, authentication.authenticationId));
  }
}
