import { DomainError } from '@gateway/domain';
import { GetBusinessQuery, GetSettingsQuery, payerBrandingOf } from '@gateway/accounts';
import { gatewayState, NoAuth, payerTimeZoneOf } from '@gateway/http-edge';
import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { type CheckoutAction, CheckoutActionCommand } from '../application/checkout-action/checkout-action.command';
import { FindCheckoutQuery } from '../application/find-payment/find-ewallet-payment.query';
import type { EwalletPaymentView } from '../read-models/ewallet-payment-view';
import { type CheckoutPageContext, checkoutPage, notFoundPage } from './checkout-page.html';
import { checkoutPath } from './ewallet.response';

const TOKEN = /^[0-9a-f]{64}$/;

/**
 * The payer-facing checkout pages (DANA, LINKAJA): public, found only by the unguessable token
 * of `checkout_url`. Small server-rendered HTML, every value escaped, no script, framing and
 * foreign form targets forbidden by CSP. Actions post and redirect back (post/redirect/get).
 */
@Controller('ewallets/checkout')
export class CheckoutPageController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':token')
  @NoAuth()
  async show(@Param('token') token: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const payment = TOKEN.test(token) ? await this.queries.execute(new FindCheckoutQuery(token)) : undefined;
    if (!payment) return send(response, 404, notFoundPage());
    const context = await this.contextOf(payment, request);
    send(response, 200, checkoutPage(payment, context), context);
  }

  @Post(':token/pay')
  @NoAuth()
  pay(@Param('token') token: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    return this.act(token, 'pay', request, response);
  }

  @Post(':token/cancel')
  @NoAuth()
  cancel(@Param('token') token: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    return this.act(token, 'cancel', request, response);
  }

  private async act(token: string, action: CheckoutAction, request: Request, response: Response): Promise<void> {
    if (!TOKEN.test(token)) return send(response, 404, notFoundPage());
    try {
      await this.commands.execute(new CheckoutActionCommand(token, action, gatewayState(request).requestId));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const payment = await this.queries.execute(new FindCheckoutQuery(token));
      if (!payment) return send(response, 404, notFoundPage());
      // Already decided (paid twice, cancelled after paying): the page shows the outcome.
      if (error.code === 'INVALID_EWALLET_PAYMENT_STATUS_ERROR')
        return void response.redirect(303, checkoutPath(token));
      const context = await this.contextOf(payment, request);
      return send(
        response,
        error.code === 'EWALLET_PAYMENT_EXPIRED_ERROR' ? 410 : 400,
        checkoutPage(payment, context, error.message),
        context,
      );
    }
    response.redirect(303, checkoutPath(token));
  }

  /** The merchant as the payer sees it (brand settings, else the business name) and the payer's time zone. */
  private async contextOf(payment: EwalletPaymentView, request: Request): Promise<CheckoutPageContext> {
    const [business, settings] = await Promise.all([
      this.queries.execute(new GetBusinessQuery(payment.businessId)),
      this.queries.execute(new GetSettingsQuery(payment.businessId, payment.mode)),
    ]);
    return {
      branding: payerBrandingOf(settings?.settings, business?.name ?? 'the merchant'),
      payerZone: payerTimeZoneOf(request.headers.cookie),
    };
  }
}

function send(response: Response, status: number, html: string, context?: CheckoutPageContext): void {
  // The merchant's logo (settings) from its own address; nothing else is loaded.
  const logo =
    context?.branding.logoUrl && URL.canParse(context.branding.logoUrl)
      ? `; img-src ${new URL(context.branding.logoUrl).origin}`
      : '';
  response
    .status(status)
    .set({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy':
        `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; ` +
        `frame-ancestors 'none'; base-uri 'none'${logo}`,
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    })
    .send(html);
}
