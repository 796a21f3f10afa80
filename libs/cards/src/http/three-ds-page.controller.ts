import { GetBusinessQuery, GetSettingsQuery, type PayerBranding, payerBrandingOf } from '@gateway/accounts';
import { gatewayState, NoAuth, SkipIdempotency } from '@gateway/http-edge';
import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import type { AuthenticationView } from '../application/card-views';
import {
  CompleteChallengeCommand,
  GetAuthenticationQuery,
} from '../application/complete-challenge/complete-challenge.command';
import { ChallengeAnswerDto } from './cards.request.dto';
import { renderThreeDsNotFoundPage, renderThreeDsPage } from './three-ds-page';
import { embedderOrigin } from './three-ds-page-url';

/**
 * The hosted 3DS page (a payer-facing page: no API key; the unguessable authentication id is the
 * only thing in the URL). The merchant's page may frame it; everything else is locked down: one
 * nonce'd inline script, no other sources, forms post only here. `?origin=` (set in
 * `payer_authentication_url`) is where the result is posted; it survives the post/redirect/get.
 * An unknown id gets a 404 page, not JSON.
 */
@Controller('3ds')
export class ThreeDsPageController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':authentication_id')
  @NoAuth()
  async show(
    @Param('authentication_id') authenticationId: string,
    @Query('origin') origin: unknown,
    @Res() response: Response,
  ) {
    const view = await this.queries.execute(new GetAuthenticationQuery(authenticationId));
    if (!view) return sendNotFound(response);
    send(response, view, embedderOrigin(origin), await this.brandingOf(view));
  }

  /** The merchant the payer pays, as its brand settings show it (else the business name). */
  private async brandingOf(view: AuthenticationView): Promise<PayerBranding> {
    const [business, settings] = await Promise.all([
      this.queries.execute(new GetBusinessQuery(view.businessId)),
      this.queries.execute(new GetSettingsQuery(view.businessId, view.mode)),
    ]);
    return payerBrandingOf(settings?.settings, business?.name ?? 'the shop');
  }

  @Post(':authentication_id')
  @NoAuth()
  @SkipIdempotency()
  async answer(
    @Param('authentication_id') authenticationId: string,
    @Query('origin') origin: unknown,
    @Body() body: ChallengeAnswerDto,
    @Req() request: Request,
    @Res() response: Response,
  ) {
    const view = await this.commands.execute(
      new CompleteChallengeCommand(authenticationId, body.action !== 'fail', gatewayState(request).requestId),
    );
    if (!view) return sendNotFound(response);
    // Post/redirect/get: reloading the result page does not submit again.
    const embedder = embedderOrigin(origin);
    response.redirect(
      303,
      `/3ds/${encodeURIComponent(view.authenticationId)}${embedder ? `?origin=${encodeURIComponent(embedder)}` : ''}`,
    );
  }
}

function headers(nonce?: string, logoUrl?: string): Record<string, string> {
  const logo = logoUrl && URL.canParse(logoUrl) ? ` img-src ${new URL(logoUrl).origin};` : '';
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'content-security-policy':
      `default-src 'none'; ` +
      `style-src 'unsafe-inline';${nonce ? ` script-src 'nonce-${nonce}';` : ''}${logo} form-action 'self'; ` +
      `base-uri 'none'`,
  };
}

function send(
  response: Response,
  view: AuthenticationView,
  embedder: string | undefined,
  branding: PayerBranding,
): void {
  const nonce = randomBytes(16).toString('base64');
  response
    .status(200)
    .set(headers(nonce, branding.logoUrl))
    .send(renderThreeDsPage(view, nonce, embedder, branding));
}

function sendNotFound(response: Response): void {
  response.status(404).set(headers()).send(renderThreeDsNotFoundPage());
}
