import { DomainError } from '@gateway/domain';
import { gatewayState, NoAuth } from '@gateway/platform';
import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { type CheckoutAction, CheckoutActionCommand } from '../application/checkout-action/checkout-action.command';
import { FindCheckoutQuery } from '../application/find-payment/find-ewallet-payment.query';
import { checkoutPage, notFoundPage } from './checkout-page.html';
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
  async show(@Param('token') token: string, @Res() response: Response): Promise<void> {
    const payment = TOKEN.test(token) ? await this.queries.execute(new FindCheckoutQuery(token)) : undefined;
    if (!payment) return send(response, 404, notFoundPage());
    send(response, 200, checkoutPage(payment));
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
      if (error.code === 'INVALID_EWALLET_PAYMENT_STATUS_ERROR') return void response.redirect(303, checkoutPath(token));
      return send(response, error.code === 'EWALLET_PAYMENT_EXPIRED_ERROR' ? 410 : 400, checkoutPage(payment, error.message));
    }
    response.redirect(303, checkoutPath(token));
  }
}

function send(response: Response, status: number, html: string): void {
  response
    .status(status)
    .set({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    })
    .send(html);
}
