import type { Caller, CallerRequestContext } from '@gateway/http-edge';
import { ApiDoc, ApiTag, CallerContext, CurrentCaller, requestContextOf, RequirePermissions } from '@gateway/http-edge';
import { INSTRUMENT_CHANGE_ERRORS, INSTRUMENT_CREATION_ERRORS, simulatedPaymentDoc } from '@gateway/fixed-instruments';
import { INSTRUMENT_ID_PATTERN, instrumentOpeningOf, paidInvoiceAnswer } from '@gateway/fixed-instruments';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { CreatePaymentCodeCommand } from '../application/create-payment-code/create-payment-code.command';
import {
  GetPaymentCodeQuery,
  ListPaymentCodePaymentsQuery,
} from '../application/get-payment-code/get-payment-code.query';
import { SimulateTillPaymentCommand } from '../application/simulate-payment/simulate-till-payment.command';
import { UpdatePaymentCodeCommand } from '../application/update-payment-code/update-payment-code.command';
import { PaymentCodeErrors } from '../domain/payment-code.errors';
import {
  CreatePaymentCodeRequestDto,
  paymentCodeChangesOf,
  SimulateRetailPaymentRequestDto,
  UpdatePaymentCodeRequestDto,
} from './payment-code.request.dto';
import {
  PAYMENT_CODE_PAYMENTS_SCHEMA,
  PAYMENT_CODE_SCHEMA,
  SIMULATED_RETAIL_PAYMENT_SCHEMA,
  paymentCodePaidBody,
  paymentCodeToWire,
} from './payment-code.response';

/**
 * Fixed payment codes. The public client posts to `/fixed_payment_code/` (trailing slash): Express's non-strict routing
 * matches both.
 */
@ApiTag(
  'Retail payment codes',
  'Fixed payment codes the payer pays with at a retail outlet (ALFAMART, INDOMARET); test-mode till payments.',
)
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
      "A code the payer tells the cashier at `retail_outlet_name`: the business's prefix and `payment_code` when " +
      'given, else a random one. `expected_amount` IDR 10,000 to 5,000,000. The public client posts to ' +
      '`/fixed_payment_code/` (trailing slash), the same operation.',
    operationId: 'createFixedPaymentCode',
    response: PAYMENT_CODE_SCHEMA,
    errors: [
      'RETAIL_OUTLET_NOT_SUPPORTED_ERROR',
      'PAYMENT_CODE_OUTSIDE_RANGE',
      'DUPLICATE_PAYMENT_CODE_ERROR',
      'AVAILABLE_PAYMENT_CODE_NOT_FOUND_ERROR',
      ...INSTRUMENT_CREATION_ERRORS,
    ],
  })
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async create(@CurrentCaller() caller: Caller, @Body() body: CreatePaymentCodeRequestDto, @Req() request: Request) {
    const context = requestContextOf(request, caller);
    const created = await this.commands.execute(
      new CreatePaymentCodeCommand(
        {
          ...instrumentOpeningOf(caller, body),
          retailOutletName: body.retail_outlet_name,
          paymentCode: body.payment_code ?? undefined,
          expectedAmount: body.expected_amount ?? undefined,
          expirationDate: body.expiration_date ? new Date(body.expiration_date) : undefined,
        },
        context,
      ),
    );
    return paymentCodeToWire(created);
  }

  /**
   * Test mode: a payer pays at the till, for a fixed code, or, when the code is none of the
   * business's fixed codes, for the invoice that holds it (exact amount).
   */
  @Post('simulate_payment')
  @ApiDoc(
    simulatedPaymentDoc({
      summary: 'Simulate a payment at a retail outlet',
      description:
        'A payer pays `transfer_amount` at the till with a fixed payment code of the business or, ' +
        "when the code is none of them, an invoice's code (exact amount). Callbacks follow as for a real payment.",
      operationId: 'simulateRetailPayment',
      notFound: 'FIXED_PAYMENT_CODE_NOT_FOUND_ERROR',
      inactive: 'INACTIVE_FIXED_PAYMENT_CODE_ERROR',
      response: SIMULATED_RETAIL_PAYMENT_SCHEMA,
    }),
  )
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async simulate(@Body() body: SimulateRetailPaymentRequestDto, @CallerContext() context: CallerRequestContext) {
    const { retail_outlet_name: outlet, payment_code: paymentCode, transfer_amount: amount } = body;
    const routed = await this.commands.execute(
      new SimulateTillPaymentCommand(context.businessId, context.mode, outlet, paymentCode, amount, context),
    );
    if (routed.paid === 'own') {
      const { payment, instrument: code } = routed;
      return {
        status: 'COMPLETED',
        message: `Payment of ${payment.amount} with code ${code.paymentCode} at ${code.retailOutletName} completed`,
        ...paymentCodePaidBody(payment, code),
      };
    }
    return paidInvoiceAnswer(`Payment of ${amount} with code ${paymentCode} at ${outlet} completed`, routed.result);
  }

  @Patch(':id')
  @ApiDoc({
    summary: 'Update a fixed payment code',
    description: 'Every field optional; a past `expiration_date` expires the code at once.',
    operationId: 'updateFixedPaymentCode',
    response: PAYMENT_CODE_SCHEMA,
    errors: ['FIXED_PAYMENT_CODE_NOT_FOUND_ERROR', 'INACTIVE_FIXED_PAYMENT_CODE_ERROR', ...INSTRUMENT_CHANGE_ERRORS],
  })
  @RequirePermissions('money_in:write')
  async update(
    @Param('id') id: string,
    @Body() body: UpdatePaymentCodeRequestDto,
    @CallerContext() context: CallerRequestContext,
  ) {
    return paymentCodeToWire(
      await this.commands.execute(
        new UpdatePaymentCodeCommand(id, context.businessId, context.mode, paymentCodeChangesOf(body), context),
      ),
    );
  }

  @Get(':id')
  @ApiDoc({
    summary: 'Get a fixed payment code',
    operationId: 'getFixedPaymentCode',
    response: PAYMENT_CODE_SCHEMA,
    errors: ['FIXED_PAYMENT_CODE_NOT_FOUND_ERROR'],
  })
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
    return {
      data: payments.map((payment) => ({ ...paymentCodePaidBody(payment, code), status: 'COMPLETED' })),
      has_more: false,
    };
  }

  /** Ids are 24 hex characters: anything else (NUL bytes included) is simply not found. */
  private async findOwn(caller: Caller, id: string) {
    const code = INSTRUMENT_ID_PATTERN.test(id)
      ? await this.queries.execute(new GetPaymentCodeQuery(id, caller.businessId, caller.mode))
      : undefined;
    if (!code) throw PaymentCodeErrors.notFound(id);
    return code;
  }
}
