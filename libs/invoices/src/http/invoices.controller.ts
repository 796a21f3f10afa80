import { AppConfig, type Caller, CurrentCaller, gatewayState, publicBaseUrl, RequirePermissions, type RequestContext } from '@gateway/platform';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { CreateInvoiceCommand } from '../application/create-invoice/create-invoice.command';
import { ExpireInvoiceCommand } from '../application/expire-invoice/expire-invoice.command';
import { GetInvoiceQuery } from '../application/get-invoice/get-invoice.query';
import { ListInvoicesQuery } from '../application/list-invoices/list-invoices.query';
import { SimulatePoolVirtualAccountPaymentCommand } from '../application/simulate-payment/simulate-payment.commands';
import { invoiceToWire } from './invoice.response';
import { CreateInvoiceRequestDto, ListInvoicesRequestDto, SimulatePoolPaymentRequestDto, toCreateInvoiceRequest } from './invoice.request.dto';

export function invoiceRequestContext(request: Request, caller: Caller): RequestContext {
  return {
    requestId: gatewayState(request).requestId,
    actor: caller.key.keyId,
    businessId: caller.businessId,
    mode: caller.mode,
    apiVersion: gatewayState(request).apiVersion,
  };
}

@Controller()
export class InvoicesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly config: AppConfig,
  ) {}

  @Post('v2/invoices')
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateInvoiceRequestDto, @Req() request: Request) {
    const base = publicBaseUrl(request, this.config);
    const invoice = await this.commands.execute(
      new CreateInvoiceCommand(caller.businessId, caller.mode, toCreateInvoiceRequest(body), invoiceRequestContext(request, caller), { publicBaseUrl: base }),
    );
    return invoiceToWire(invoice, base);
  }

  @Get('v2/invoices/:id')
  @RequirePermissions('money_in:read')
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() request: Request) {
    return invoiceToWire(await this.queries.execute(new GetInvoiceQuery(caller.businessId, caller.mode, id)), publicBaseUrl(request, this.config));
  }

  @Get('v2/invoices')
  @RequirePermissions('money_in:read')
  async list(@CurrentCaller() caller: Caller, @Query() query: ListInvoicesRequestDto, @Req() request: Request) {
    const invoices = await this.queries.execute(
      new ListInvoicesQuery(caller.businessId, caller.mode, {
        statuses: query.statuses,
        limit: query.limit,
        createdAfter: query.created_after,
        createdBefore: query.created_before,
        paidAfter: query.paid_after,
        paidBefore: query.paid_before,
        expiredAfter: query.expired_after,
        expiredBefore: query.expired_before,
        lastInvoiceId: query.last_invoice_id,
        clientTypes: query.client_types,
        paymentChannels: query.payment_channels,
        recurringPaymentId: query.recurring_payment_id,
        externalId: query.external_id,
      }),
    );
    const base = publicBaseUrl(request, this.config);
    return invoices.map((invoice) => invoiceToWire(invoice, base));
  }

  /** gaps.md: no `/v2` prefix; Express 5 needs the `!` escaped. */
  @Post('invoices/:id/expire\\!')
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async expire(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() request: Request) {
    return invoiceToWire(await this.commands.execute(new ExpireInvoiceCommand(caller.businessId, caller.mode, id, invoiceRequestContext(request, caller))), publicBaseUrl(request, this.config));
  }
}
