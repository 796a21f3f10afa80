import { GetBusinessQuery, GetSettingsQuery, type PayerBranding, payerBrandingOf } from '@gateway/accounts';
import { gatewayState, NoAuth, readPageForm, SkipIdempotency } from '@gateway/http-edge';
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
import { threeDsPageHeaders } from './three-ds-page-headers';
import { embedderOrigin } from './three-ds-page-url';

/**
 * The hosted 3DS page (a payer-facing page: no API key; the unguessable authentication id is the
 * only thing in the URL). The merchant's page named by `?origin=` may frame it (threeDsPageHeaders);
 * everything else is locked down: one nonce'd inline script, no other sources, forms post only here. `?origin=` (set in
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
    const embedder = embedderOrigin(origin);
    const view = await this.queries.execute(new GetAuthenticationQuery(authenticationId));
    if (!view) return sendNotFound(response, embedder);
    send(response, view, embedder, await this.brandingOf(view));
  }

  /** The merchant the payer pays, as its brand settings show it (else the business name). */
  private async brandingOf(view: AuthenticationView): Promise<PayerBranding> {
    const [business, settings] = await Promise.all([
      this.queries.execute(new GetBusinessQuery(view.businessId)),
      this.queries.execute(new GetSettingsQuery(view.businessId, view.mode)),
    ]);
    return payerBrandingOf(settings?.settings, business?.name ?? 'the shop');
  }

  /**
   * The payer pressed one of the page's two buttons. Only `action=complete` verifies and only `action=fail` fails:
   * any other post (no action, an empty or foreign body) changes nothing and shows the page again (400), as HTML,
   * never the API's JSON.
   */
  @Post(':authentication_id')
  @NoAuth()
  @SkipIdempotency()
  async answer(
    @Param('authentication_id') authenticationId: string,
    @Query('origin') origin: unknown,
    @Body() body: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ) {
    const embedder = embedderOrigin(origin);
    const answer = await readPageForm(ChallengeAnswerDto, body);
    if (!answer) {
      const view = await this.queries.execute(new GetAuthenticationQuery(authenticationId));
      if (!view) return sendNotFound(response, embedder);
      return send(response, view, embedder, await this.brandingOf(view), UNANSWERED, 400);
    }
    const view = await this.commands.execute(
      new CompleteChallengeCommand(authenticationId, answer.action === 'complete', gatewayState(request).requestId),
    );
    if (!view) return sendNotFound(response, embedder);
    // Post/redirect/get: reloading the result page does not submit again.
    response.redirect(
      303,
      `/3ds/${encodeURIComponent(view.authenticationId)}${embedder ? `?origin=${encodeURIComponent(embedder)}` : ''}`,
    );
  }
}

/** What the page says when its form came back without one of its two buttons. */
const UNANSWERED = 'Choose "Complete authentication" or "Fail authentication".';

function send(
  response: Response,
  view: AuthenticationView,
  embedder: string | undefined,
  branding: PayerBranding,
  notice?: string,
  status = 200,
): void {
  const nonce = randomBytes(16).toString('base64');
  response
    .status(status)
    .set(threeDsPageHeaders({ nonce, logoUrl: branding.logoUrl, embedder }))
    .send(renderThreeDsPage(view, nonce, embedder, branding, notice));
}

function sendNotFound(response: Response, embedder: string | undefined): void {
  response.status(404).set(threeDsPageHeaders({ embedder })).send(renderThreeDsNotFoundPage());
}
