import { AppConfig } from '@gateway/config';
import type { Caller } from '@gateway/http-edge';
import { ApiDoc, ApiTag, ref, schema } from '@gateway/http-edge';
import { CurrentCaller, publicBaseUrl, requestContextOf, RequirePermissions } from '@gateway/http-edge';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { CreateInvoiceCommand } from '../application/create-invoice/create-invoice.command';
import { ExpireInvoiceCommand } from '../application/expire-invoice/expire-invoice.command';
import { GetInvoiceQuery } from '../application/get-invoice/get-invoice.query';
import { ListInvoicesQuery } from '../application/list-invoices/list-invoices.query';
import { INVOICE_SCHEMA, invoiceToWire } from './invoice.response';
import { CreateInvoiceRequestDto, ListInvoicesRequestDto, toCreateInvoiceRequest } from './invoice.request.dto';

@ApiTag(
  'Invoices',
  'Hosted invoices: one payment page offering bank transfer (virtual accounts), retail outlets, eWallets and cards; ' +
    'callbacks when paid or expired.',
)
@Controller()
export class InvoicesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly config: AppConfig,
  ) {}

  @Post('v2/invoices')
  @ApiDoc({
    summary: 'Create an invoice',
    description:
      'Creates a payment page for `amount` (IDR 11,000 to 1,000,000,000; ' +
      'outside them MINIMAL_/MAXIMUM_TRANSFER_AMOUNT_ERROR) that offers every channel the business enabled, ' +
      'or `payment_methods`. Each bank gets a POOL virtual account number and each retail chain a payment code for ' +
      "this invoice; `fixed_va` or `callback_virtual_account_id` use the payer's fixed virtual account instead. The " +
      'invoice expires after `invoice_duration` seconds (24 hours by default) and the `invoice` callback tells when ' +
      'it is paid or expired.',
    operationId: 'createInvoice',
    response: INVOICE_SCHEMA,
    errors: [
      'MINIMAL_TRANSFER_AMOUNT_ERROR',
      'MAXIMUM_TRANSFER_AMOUNT_ERROR',
      'INVALID_AMOUNT_ERROR',
      'NO_COLLECTION_METHODS_ERROR',
      'CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR',
      'UNIQUE_ACCOUNT_NUMBER_UNAVAILABLE_ERROR',
      'AVAILABLE_PAYMENT_CODE_NOT_FOUND_ERROR',
    ],
  })
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateInvoiceRequestDto, @Req() request: Request) {
    const base = publicBaseUrl(request, this.config);
    const invoice = await this.commands.execute(
      new CreateInvoiceCommand(
        caller.businessId,
        caller.mode,
        toCreateInvoiceRequest(body),
        requestContextOf(request, caller),
        { publicBaseUrl: base },
      ),
    );
    return invoiceToWire(invoice, base);
  }

  @Get('v2/invoices/:id')
  @ApiDoc({
    summary: 'Get an invoice',
    operationId: 'getInvoice',
    response: INVOICE_SCHEMA,
    errors: ['INVOICE_NOT_FOUND_ERROR'],
  })
  @RequirePermissions('money_in:read')
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() request: Request) {
    return invoiceToWire(
      await this.queries.execute(new GetInvoiceQuery(caller.businessId, caller.mode, id)),
      publicBaseUrl(request, this.config),
    );
  }

  @Get('v2/invoices')
  @ApiDoc({
    summary: 'List invoices',
    description:
      'Newest first, at most `limit` (10 by default). Filters combine. Array filters (`statuses`, `client_types`, ' +
      '`payment_channels`) may be repeated (`statuses=PAID&statuses=SETTLED`) or JSON-style (`statuses=["PAID"]`). ' +
      'Page with `last_invoice_id`, the last id of the previous page.',
    operationId: 'listInvoices',
    response: schema.arrayOf(ref(INVOICE_SCHEMA)),
  })
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
  @ApiDoc({
    summary: 'Expire an invoice',
    description:
      'Ends a PENDING invoice at once: its page stops taking payments and the `invoice` callback says EXPIRED. (No ' +
      '`/v2` prefix, as in the public API.)',
    operationId: 'expireInvoice',
    response: INVOICE_SCHEMA,
    errors: ['INVOICE_NOT_FOUND_ERROR', 'INVOICE_NOT_PENDING_ERROR'],
  })
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async expire(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() request: Request) {
    return invoiceToWire(
      await this.commands.execute(
        new ExpireInvoiceCommand(caller.businessId, caller.mode, id, requestContextOf(request, caller)),
      ),
      publicBaseUrl(request, this.config),
    );
  }
}
