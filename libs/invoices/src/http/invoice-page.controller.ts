import { DomainError } from '@gateway/domain';
import { Clock, gatewayState, NoAuth, type RequestContext } from '@gateway/platform';
import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { IsString, Length } from 'class-validator';
import type { Request, Response } from 'express';
import { GetPublicInvoiceQuery } from '../application/get-invoice/get-invoice.query';
import { PayInvoiceByRetailCodeCommand, SimulatePoolVirtualAccountPaymentCommand } from '../application/simulate-payment/simulate-payment.commands';
import type { InvoiceSnapshot } from '../domain/invoice.events';
import { renderInvoicePage } from './invoice-page.html';

export class PayFromPageDto {
  @IsString() @Length(1, 64) channel!: string;
}

/** The payer's page at `invoice_url`: public (the unguessable invoice id is the only secret), HTML. */
@Controller('web/invoices')
export class InvoicePageController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly clock: Clock,
  ) {}

  @NoAuth()
  @Get(':id')
  async page(@Param('id') id: string, @Res() response: Response): Promise<void> {
    const invoice = await this.queries.execute(new GetPublicInvoiceQuery(id));
    await this.send(response, invoice);
  }

  /** Test mode: completes a simulated payment by the chosen VA or retail outlet, for exactly the amount. */
  @NoAuth()
  @Post(':id/pay')
  async pay(@Param('id') id: string, @Body() body: PayFromPageDto, @Req() request: Request, @Res() response: Response): Promise<void> {
    const invoice = await this.queries.execute(new GetPublicInvoiceQuery(id));
    const context: RequestContext = { requestId: gatewayState(request).requestId, actor: 'payer:invoice-page', businessId: invoice.businessId, mode: invoice.mode };
    const bank = invoice.banks.find((b) => b.bankCode === body.channel);
    const outlet = invoice.retailOutlets.find((o) => o.retailOutletName === body.channel);
    try {
      if (bank) {
        await this.commands.execute(
          new SimulatePoolVirtualAccountPaymentCommand(invoice.businessId, invoice.mode, { bankCode: bank.bankCode, bankAccountNumber: bank.accountNumber, transferAmount: bank.transferAmount }, context),
        );
      } else if (outlet) {
        await this.commands.execute(
          new PayInvoiceByRetailCodeCommand(invoice.businessId, invoice.mode, { retailOutletName: outlet.retailOutletName, paymentCode: outlet.paymentCode, transferAmount: outlet.transferAmount }, context),
        );
      } else {
        await this.send(response, invoice, 'This payment method is not offered on this invoice.', 400);
        return;
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const fresh = await this.queries.execute(new GetPublicInvoiceQuery(id));
      await this.send(response, fresh, error.message, 400);
      return;
    }
    const paid = await this.queries.execute(new GetPublicInvoiceQuery(id));
    response.redirect(303, paid.successRedirectUrl ?? `/web/invoices/${encodeURIComponent(id)}`);
  }

  private async send(response: Response, invoice: InvoiceSnapshot, notice?: string, status = 200): Promise<void> {
    const now = await this.clock.now({ businessId: invoice.businessId, mode: invoice.mode });
    response.status(status);
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.setHeader('cache-control', 'no-store');
    response.setHeader('x-content-type-options', 'nosniff');
    response.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' https: http:; frame-ancestors 'none'");
    response.send(renderInvoicePage(invoice, now, notice));
  }
}
