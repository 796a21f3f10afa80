import { ApiDoc, ApiTag, type Caller, CurrentCaller, gatewayState, type RequestContext, RequirePermissions } from '@gateway/platform';
import { PayInvoiceByRetailCodeCommand } from '@gateway/invoices';
import { DomainError } from '@gateway/domain';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { CreatePaymentCodeCommand } from '../application/create-payment-code/create-payment-code.command';
import { GetPaymentCodeQuery, ListPaymentCodePaymentsQuery } from '../application/get-payment-code/get-payment-code.query';
import { SimulateRetailPaymentCommand } from '../application/simulate-payment/simulate-retail-payment.command';
import { UpdatePaymentCodeCommand } from '../application/update-payment-code/update-payment-code.command';
import { FPC_ID_PATTERN } from '../application/owned-payment-code';
import { PaymentCodeErrors } from '../domain/payment-code.errors';
import { CreatePaymentCodeRequestDto, SimulateRetailPaymentRequestDto, UpdatePaymentCodeRequestDto } from './payment-code.request.dto';
import { PAYMENT_CODE_PAYMENTS_SCHEMA, PAYMENT_CODE_SCHEMA, SIMULATED_RETAIL_PAYMENT_SCHEMA, paymentCodePaidBody, paymentCodeToWire } from './payment-code.response';

function contextOf(request: Request, caller: Caller): RequestContext {
  const state = gatewayState(request);
  return { requestId: state.requestId, actor: caller.key.keyId, businessId: caller.businessId, mode: caller.mode, apiVersion: state.apiVersion };
}

/** Fixed payment codes. The public client posts to `/fixed_payment_code/` (trailing slash): Express's non-strict routing matches both. */
@ApiTag('Retail payment codes', 'Fixed payment codes the payer pays with at a retail outlet (ALFAMART, INDOMARET); test-mode till payments.')
@Controller('fixed_payment_code')
export class PaymentCodesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @ApiDoc({
    summary: 'Create a fixed payment code',
    description:
      'A code the payer tells the cashier at `retail_outlet_name`: the business\'s prefix and `payment_code` when given, else a random one. `expected_amount` IDR 10,000 to 5,000,000. The public client posts to `/fixed_payment_code/` (trailing slash), the same operation.',
    operationId: 'createFixedPaymentCode',
    response: PAYMENT_CODE_SCHEMA,
    errors: [
      'RETAIL_OUTLET_NOT_SUPPORTED_ERROR',
      'PAYMENT_CODE_OUTSIDE_RANGE',
      'DUPLICATE_PAYMENT_CODE_ERROR',
      'AVAILABLE_PAYMENT_CODE_NOT_FOUND_ERROR',
      'MINIMUM_EXPECTED_AMOUNT_ERROR',
      'MAXIMUM_EXPECTED_AMOUNT_ERROR',
      'EXPIRATION_DATE_INVALID_ERROR',
      'CHANNEL_NOT_ACTIVATED',
    ],
  })
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async create(@CurrentCaller() caller: Caller, @Body() body: CreatePaymentCodeRequestDto, @Req() request: Request) {
    const created = await this.commands.execute(
      new CreatePaymentCodeCommand(
        {
          businessId: caller.businessId,
          mode: caller.mode,
          externalId: body.external_id,
          retailOutletName: body.retail_outlet_name,
          name: body.name,
          paymentCode: body.payment_code ?? undefined,
          expectedAmount: body.expected_amount ?? undefined,
          isSingleUse: body.is_single_use ?? false,
          expirationDate: body.expiration_date ? new Date(body.expiration_date) : undefined,
        },
        contextOf(request, caller),
      ),
    );
    return paymentCodeToWire(created);
  }

  /**
   * Test mode: a payer pays at the till, for a fixed code, or, when the code is none of the
   * business's fixed codes, for the invoice that holds it (exact amount).
   */
  @Post('simulate_payment')
  @ApiDoc({
    summary: 'Simulate a payment at a retail outlet',
    description: 'A payer pays `transfer_amount` at the till with a fixed payment code of the business or, when the code is none of them, an invoice\'s code (exact amount). Callbacks follow as for a real payment.',
    operationId: 'simulateRetailPayment',
    testModeOnly: true,
    response: SIMULATED_RETAIL_PAYMENT_SCHEMA,
    errors: ['TEST_MODE_ONLY_ERROR', 'FIXED_PAYMENT_CODE_NOT_FOUND_ERROR', 'INACTIVE_FIXED_PAYMENT_CODE_ERROR', 'EXPECTED_AMOUNT_MISMATCH_ERROR', 'INVOICE_NOT_PENDING_ERROR', 'INVALID_AMOUNT_ERROR'],
  })
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async simulate(@CurrentCaller() caller: Caller, @Body() body: SimulateRetailPaymentRequestDto, @Req() request: Request) {
    const context = contextOf(request, caller);
    try {
      const { payment, code } = await this.commands.execute(
        new SimulateRetailPaymentCommand(caller.businessId, caller.mode, body.retail_outlet_name, body.payment_code, body.transfer_amount, context),
      );
      return { status: 'COMPLETED', message: `Payment of ${payment.amount} with code ${code.paymentCode} at ${code.retailOutletName} completed`, ...paymentCodePaidBody(payment, code) };
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'FIXED_PAYMENT_CODE_NOT_FOUND_ERROR') throw error;
      const invoice = await this.commands
        .execute(
          new PayInvoiceByRetailCodeCommand(
            caller.businessId,
            caller.mode,
            { retailOutletName: body.retail_outlet_name, paymentCode: body.payment_code, transferAmount: body.transfer_amount },
            context,
          ),
        )
        // Neither a fixed code nor an invoice's: the fixed-code "not found".
        .catch((invoiceError: unknown) => {
          throw invoiceError instanceof DomainError && invoiceError.code === 'PAYMENT_CODE_NOT_FOUND_ERROR' ? error : invoiceError;
        });
      return {
        status: 'COMPLETED',
        message: `Payment of ${body.transfer_amount} with code ${body.payment_code} at ${body.retail_outlet_name} completed`,
        invoice_id: invoice.invoiceId,
        external_id: invoice.externalId,
        payment_id: invoice.payment?.paymentId,
      };
    }
  }

  @Patch(':id')
  @ApiDoc({
    summary: 'Update a fixed payment code',
    description: 'Every field optional; a past `expiration_date` expires the code at once.',
    operationId: 'updateFixedPaymentCode',
    response: PAYMENT_CODE_SCHEMA,
    errors: ['FIXED_PAYMENT_CODE_NOT_FOUND_ERROR', 'INACTIVE_FIXED_PAYMENT_CODE_ERROR', 'MINIMUM_EXPECTED_AMOUNT_ERROR', 'MAXIMUM_EXPECTED_AMOUNT_ERROR', 'EXPIRATION_DATE_INVALID_ERROR'],
  })
  @RequirePermissions('money_in:write')
  async update(@CurrentCaller() caller: Caller, @Param('id') id: string, @Body() body: UpdatePaymentCodeRequestDto, @Req() request: Request) {
    const changes = {
      ...(body.name !== undefined && body.name !== null && { name: body.name }),
      ...(body.expected_amount !== undefined && body.expected_amount !== null && { expectedAmount: body.expected_amount }),
      ...(body.expiration_date !== undefined && body.expiration_date !== null && { expirationDate: new Date(body.expiration_date) }),
    };
    return paymentCodeToWire(await this.commands.execute(new UpdatePaymentCodeCommand(id, caller.businessId, caller.mode, changes, contextOf(request, caller))));
  }

  @Get(':id')
  @ApiDoc({ summary: 'Get a fixed payment code', operationId: 'getFixedPaymentCode', response: PAYMENT_CODE_SCHEMA, errors: ['FIXED_PAYMENT_CODE_NOT_FOUND_ERROR'] })
  @RequirePermissions('money_in:read')
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    return paymentCodeToWire(await this.findOwn(caller, id));
  }

  /** `{data, has_more}`: every payment of the code, oldest first (a code has few). */
  @Get(':id/payments')
  @ApiDoc({
    summary: 'List the payments of a fixed payment code',
    description: 'Every payment made with the code, oldest first (a code has few: `has_more` is false).',
    operationId: 'listFixedPaymentCodePayments',
    response: PAYMENT_CODE_PAYMENTS_SCHEMA,
    errors: ['FIXED_PAYMENT_CODE_NOT_FOUND_ERROR'],
  })
  @RequirePermissions('money_in:read')
  async payments(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    const code = await this.findOwn(caller, id);
    const payments = await this.queries.execute(new ListPaymentCodePaymentsQuery(id, caller.businessId, caller.mode));
    return { data: payments.map((payment) => ({ ...paymentCodePaidBody(payment, code), status: 'COMPLETED' })), has_more: false };
  }

  /** Ids are 24 hex characters: anything else (NUL bytes included) is simply not found. */
  private async findOwn(caller: Caller, id: string) {
    const code = FPC_ID_PATTERN.test(id) ? await this.queries.execute(new GetPaymentCodeQuery(id, caller.businessId, caller.mode)) : undefined;
    if (!code) throw PaymentCodeErrors.notFound(id);
    return code;
  }
}
