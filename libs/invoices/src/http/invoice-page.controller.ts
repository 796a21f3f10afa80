import { DomainError } from '@gateway/domain';
import { GetSettingsQuery, payerBrandingOf } from '@gateway/accounts';
import { Clock } from '@gateway/clock';
import { gatewayState, NoAuth, payerTimeZoneOf, readPageForm } from '@gateway/http-edge';
import { type RequestContext } from '@gateway/runtime';
import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { ClassConstructor } from 'class-transformer';
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { offersCard } from '../application/pay-by-card/pay-invoice-by-card.handler';
// prettier-ignore
import {
  PayFromPageByFixedVirtualAccountCommand,
} from '../application/simulate-payment/pay-from-page-by-fixed-va.command';
import { PayInvoiceByCardCommand } from '../application/pay-by-card/pay-invoice-by-card.command';
import { PayInvoiceByEwalletCommand } from '../application/pay-by-ewallet/pay-invoice-by-ewallet.command';
import { offeredEwallets } from '../application/pay-by-ewallet/pay-invoice-by-ewallet.handler';
import { InvoicePagePublicKeys } from '../application/pay-by-card/page-public-key';
import { GetPublicInvoiceQuery } from '../application/get-invoice/get-invoice.query';
import {
  PayInvoiceByRetailCodeCommand,
  SimulatePoolVirtualAccountPaymentCommand,
} from '../application/simulate-payment/simulate-payment.commands';
import type { InvoiceSnapshot } from '../domain/invoice.events';
import { renderInvoiceNotFoundPage, renderInvoicePage } from './invoice-page.html';
import { PageNotices, payerNotice } from './invoice-page-notices';
import { PayByCardFromPageDto, PayByEwalletFromPageDto, PayFromPageDto } from './invoice-page.request.dto';

/**
 * What follows a payment started on the page (see InvoicePageController.payFromPage): `paid`, the
 * invoice's success redirect once it shows paid; a redirect elsewhere; or a refusal the payer reads.
 */
type PagePaymentOutcome = 'paid' | { redirectTo: string } | { refused: string };

/** The payer's page at `invoice_url`: public (the unguessable invoice id is the only secret), HTML. */
@Controller('web/invoices')
export class InvoicePageController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly clock: Clock,
    private readonly pageKeys: InvoicePagePublicKeys,
  ) {}

  @NoAuth()
  @Get(':id')
  async page(@Param('id') id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const invoice = await this.find(id, response);
    if (!invoice) return;
    await this.send(request, response, invoice);
  }

  /**
   * Charges the card the page's script tokenized, for exactly the invoice amount, then redirects like the other
   * methods.
   */
  @NoAuth()
  @Post(':id/pay_card')
  async payByCard(
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.payFromPage(id, request, response, [PayByCardFromPageDto, body], async (invoice, form, context) => {
      await this.commands.execute(
        new PayInvoiceByCardCommand(invoice.invoiceId, form.token_id, form.authentication_id || undefined, context),
      );
      return 'paid';
    });
  }

  /**
   * The payer picked an eWallet: the gateway requests the eWallet payment for the invoice and sends
   * the payer to its checkout page (303). The invoice is paid when the checkout completes.
   */
  @NoAuth()
  @Post(':id/pay_ewallet')
  async payByEwallet(
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.payFromPage(id, request, response, [PayByEwalletFromPageDto, body], async (invoice, form, context) => {
      const checkout = await this.commands.execute(
        new PayInvoiceByEwalletCommand(invoice.invoiceId, form.ewallet_type, context),
      );
      return { redirectTo: checkout.checkoutPath };
    });
  }

  /** Test mode: completes a simulated payment by the chosen VA or retail outlet, for exactly the amount. */
  @NoAuth()
  @Post(':id/pay')
  async pay(
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.payFromPage(id, request, response, [PayFromPageDto, body], async (invoice, form, context) => {
      const bank = invoice.banks.find((b) => b.bankCode === form.channel);
      const outlet = invoice.retailOutlets.find((o) => o.retailOutletName === form.channel);
      if (bank?.callbackVirtualAccountId) {
        // A fixed VA (callback_virtual_account_id or fixed_va): a transfer to the account, sent only when
        // this invoice is the one that claims it (an older invoice of the customer may be first).
        const transfer = await this.commands.execute(
          new PayFromPageByFixedVirtualAccountCommand(invoice, bank, context),
        );
        if (transfer !== 'transferred') return { refused: PageNotices.fixedVa[transfer] };
      } else if (bank) {
        await this.commands.execute(
          new SimulatePoolVirtualAccountPaymentCommand(
            invoice.businessId,
            invoice.mode,
            { bankCode: bank.bankCode, bankAccountNumber: bank.accountNumber, transferAmount: bank.transferAmount },
            context,
          ),
        );
      } else if (outlet) {
        await this.commands.execute(
          new PayInvoiceByRetailCodeCommand(
            invoice.businessId,
            invoice.mode,
            {
              retailOutletName: outlet.retailOutletName,
              paymentCode: outlet.paymentCode,
              transferAmount: outlet.transferAmount,
            },
            context,
          ),
        );
      } else {
        return { refused: PageNotices.methodNotOffered };
      }
      return 'paid';
    });
  }

  /**
   * A payment the payer starts on the page, with the payer as the commands' actor, once its form passed (else the
   * page again, 400, with a notice). `pay` says what follows (PagePaymentOutcome). A refusal (a DomainError, or one
   * `pay` returns) shows the page again, 400, with a notice the payer can read.
   */
  private async payFromPage<Form extends object>(
    id: string,
    request: Request,
    response: Response,
    [dto, body]: [ClassConstructor<Form>, unknown],
    pay: (invoice: InvoiceSnapshot, form: Form, context: RequestContext) => Promise<PagePaymentOutcome>,
  ): Promise<void> {
    const invoice = await this.find(id, response);
    if (!invoice) return;
    const form = await readPageForm(dto, body);
    if (!form) return this.send(request, response, invoice, PageNotices.formProblem, 400);
    const context: RequestContext = {
      requestId: gatewayState(request).requestId,
      actor: 'payer:invoice-page',
      businessId: invoice.businessId,
      mode: invoice.mode,
    };
    let outcome: PagePaymentOutcome;
    try {
      outcome = await pay(invoice, form, context);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const fresh = await this.queries.execute(new GetPublicInvoiceQuery(id));
      return this.send(request, response, fresh, payerNotice(error, fresh), 400);
    }
    if (outcome === 'paid') return this.afterPayment(id, request, response);
    if ('refused' in outcome) {
      const fresh = await this.queries.execute(new GetPublicInvoiceQuery(id));
      return this.send(request, response, fresh, outcome.refused, 400);
    }
    response.redirect(303, outcome.redirectTo);
  }

  /**
   * After a payment that went through: the merchant's success page only when THIS invoice, read again, is paid
   * (a transfer into a shared fixed VA may have paid another invoice); else this invoice's page with a notice.
   */
  private async afterPayment(id: string, request: Request, response: Response): Promise<void> {
    const invoice = await this.queries.execute(new GetPublicInvoiceQuery(id));
    if (invoice.status !== 'PAID' && invoice.status !== 'SETTLED')
      return this.send(request, response, invoice, PageNotices.notPaidAfterPayment, 409);
    response.redirect(303, invoice.successRedirectUrl ?? `/web/invoices/${encodeURIComponent(id)}`);
  }

  /** The invoice, or (unknown or malformed id) a 404 page for the payer, never the API's JSON (issue 19, item 9). */
  private async find(id: string, response: Response): Promise<InvoiceSnapshot | undefined> {
    try {
      return await this.queries.execute(new GetPublicInvoiceQuery(id));
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'INVOICE_NOT_FOUND_ERROR') throw error;
      response.status(404);
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.setHeader('cache-control', 'no-store');
      response.setHeader('x-content-type-options', 'nosniff');
      response.setHeader(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      );
      response.send(renderInvoiceNotFoundPage());
      return undefined;
    }
  }

  private async send(
    request: Request,
    response: Response,
    invoice: InvoiceSnapshot,
    notice?: string,
    status = 200,
  ): Promise<void> {
    const now = await this.clock.now({ businessId: invoice.businessId, mode: invoice.mode });
    const nonce = randomBytes(16).toString('base64');
    const card =
      invoice.status === 'PENDING' && offersCard(invoice)
        ? {
            publicKey: await this.pageKeys.keyFor(invoice.businessId, invoice.mode, {
              requestId: `invoice-page:${invoice.invoiceId}`,
              actor: 'system:invoice-page',
              businessId: invoice.businessId,
              mode: invoice.mode,
            }),
          }
        : undefined;
    const settings = await this.queries.execute(new GetSettingsQuery(invoice.businessId, invoice.mode));
    const branding = payerBrandingOf(settings?.settings, invoice.merchantName);
    response.status(status);
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.setHeader('cache-control', 'no-store');
    response.setHeader('x-content-type-options', 'nosniff');
    // The page's one inline script (copy buttons, local deadline); with a card form, cards.js (same
    // origin) and the hosted 3DS page in a frame; the merchant's logo from its own address. Nothing else.
    const scripts = card
      ? `; script-src 'self' 'nonce-${nonce}'; connect-src 'self'; frame-src 'self'`
      : `; script-src 'nonce-${nonce}'`;
    const logo =
      branding.logoUrl && URL.canParse(branding.logoUrl) ? `; img-src ${new URL(branding.logoUrl).origin}` : '';
    response.setHeader(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' https: http:; ` +
        `frame-ancestors 'none'${scripts}${logo}`,
    );
    response.send(
      renderInvoicePage(invoice, now, {
        branding,
        payerZone: payerTimeZoneOf(request.headers.cookie),
        nonce,
        card,
        ewallets: offeredEwallets(invoice),
        notice,
      }),
    );
  }
}
