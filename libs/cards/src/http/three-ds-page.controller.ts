import { DomainError } from '@gateway/domain';
import { gatewayState, NoAuth, SkipIdempotency } from '@gateway/platform';
import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import type { AuthenticationView } from '../application/card-views';
import { CompleteChallengeCommand, GetAuthenticationQuery } from '../application/complete-challenge/complete-challenge.command';
import { ChallengeAnswerDto } from './cards.request.dto';
import { renderThreeDsPage } from './three-ds-page';

const notFound = () => new DomainError('AUTHENTICATION_NOT_FOUND_ERROR', 'No authentication has that id');

/**
 * The hosted 3DS page (a payer-facing page: no API key; the unguessable authentication id is the
 * only thing in the URL). The merchant's page may frame it; everything else is locked down: one
 * nonce'd inline script, no other sources, forms post only here.
 */
@Controller('3ds')
export class ThreeDsPageController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':authentication_id')
  @NoAuth()
  async show(@Param('authentication_id') authenticationId: string, @Res() response: Response) {
    const view = await this.queries.execute(new GetAuthenticationQuery(authenticationId));
    if (!view) throw notFound();
    send(response, view);
  }

  @Post(':authentication_id')
  @NoAuth()
  @SkipIdempotency()
  async answer(@Param('authentication_id') authenticationId: string, @Body() body: ChallengeAnswerDto, @Req() request: Request, @Res() response: Response) {
    const view = await this.commands.execute(new CompleteChallengeCommand(authenticationId, body.action !== 'fail', gatewayState(request).requestId));
    if (!view) throw notFound();
    // Post/redirect/get: reloading the result page does not submit again.
    response.redirect(303, `/3ds/${encodeURIComponent(view.authenticationId)}`);
  }
}

function send(response: Response, view: AuthenticationView): void {
  const nonce = randomBytes(16).toString('base64');
  response
    .status(200)
    .set({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'`,
    })
    .send(renderThreeDsPage(view, nonce));
}
