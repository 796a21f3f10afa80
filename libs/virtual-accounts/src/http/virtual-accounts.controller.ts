import type { Caller, CallerRequestContext } from '@gateway/http-edge';
import {
  ApiDoc,
  ApiTag,
  CallerContext,
  CurrentCaller,
  requestContextOf,
  RequirePermissions,
  schema,
} from '@gateway/http-edge';
import { INSTRUMENT_CHANGE_ERRORS, INSTRUMENT_CREATION_ERRORS, simulatedPaymentDoc } from '@gateway/fixed-instruments';
import { FixedInstruments } from '@gateway/fixed-instruments';
import { INSTRUMENT_ID_PATTERN, instrumentOpeningOf, paidInvoiceAnswer } from '@gateway/fixed-instruments';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { CreateVirtualAccountCommand } from '../application/create-virtual-account/create-virtual-account.command';
import {
  GetVirtualAccountPaymentQuery,
  GetVirtualAccountQuery,
} from '../application/get-virtual-account/get-virtual-account.query';
import { SimulateBankTransferCommand } from '../application/simulate-payment/simulate-bank-transfer.command';
import { UpdateVirtualAccountCommand } from '../application/update-virtual-account/update-virtual-account.command';
import { vaTermsOf } from '../application/virtual-account-opening';
import { VirtualAccountErrors } from '../domain/virtual-account.errors';
import {
  CreateVirtualAccountRequestDto,
  SimulateVirtualAccountPaymentRequestDto,
  UpdateVirtualAccountRequestDto,
  virtualAccountChangesOf,
  virtualAccountTermsOf,
} from './virtual-account.request.dto';
import {
  SIMULATED_VA_PAYMENT_SCHEMA,
  VIRTUAL_ACCOUNT_PAYMENT_SCHEMA,
  VIRTUAL_ACCOUNT_SCHEMA,
  virtualAccountPaymentToWire,
  virtualAccountToWire,
} from './virtual-account.response';

const dateOf = (iso: string | undefined) => (iso === undefined ? undefined : new Date(iso));

@ApiTag(
  'Virtual accounts',
  'Fixed virtual accounts: a permanent bank account number per payer, paid by bank transfer; test-mode bank payments.',
)
@Controller()
export class VirtualAccountsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly instruments: FixedInstruments,
  ) {}

  @Post('callback_virtual_accounts')
  @ApiDoc({
    summary: 'Create a fixed virtual account',
    description:
      'A permanent account number at `bank_code`, in the range configured for the business (`PATCH /settings` ' +
      '`virtual_account_ranges`) or `virtual_account_number` when given. Open accounts take any amount ' +
      '(`suggested_amount` is shown to the payer); closed ones (`is_closed`) only `expected_amount`. The ' +
      '`fva_status` callback follows.',
    operationId: 'createFixedVirtualAccount',
    response: VIRTUAL_ACCOUNT_SCHEMA,
    errors: [
      'BANK_NOT_SUPPORTED_ERROR',
      'VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE',
      'UNIQUE_ACCOUNT_NUMBER_UNAVAILABLE_ERROR',
      'SUGGESTED_AMOUNT_NOT_SUPPORTED_ERROR',
      'EXPECTED_AMOUNT_REQUIRED_ERROR',
      'CLOSED_VA_NOT_SUPPORTED_ERROR',
      ...INSTRUMENT_CREATION_ERRORS,
    ],
  })
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateVirtualAccountRequestDto, @Req() request: Request) {
    const opening = {
      ...instrumentOpeningOf(caller, body),
      ...virtualAccountTermsOf(body),
      expectedAmount: body.expected_amount,
      expirationDate: dateOf(body.expiration_date),
    };
    const created = await this.commands.execute(
      new CreateVirtualAccountCommand(opening, requestContextOf(request, caller)),
    );
    return virtualAccountToWire(created);
  }

  @Patch('callback_virtual_accounts/:id')
  @ApiDoc({
    summary: 'Update a fixed virtual account',
    description: 'Every field optional; a past `expiration_date` expires the account at once.',
    operationId: 'updateFixedVirtualAccount',
    response: VIRTUAL_ACCOUNT_SCHEMA,
    errors: [
      'CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR',
      'INACTIVE_VIRTUAL_ACCOUNT_ERROR',
      'SUGGESTED_AMOUNT_NOT_SUPPORTED_ERROR',
      'EXPECTED_AMOUNT_REQUIRED_ERROR',
      ...INSTRUMENT_CHANGE_ERRORS,
    ],
  })
  @RequirePermissions('money_in:write')
  async update(
    @Param('id') id: string,
    @Body() body: UpdateVirtualAccountRequestDto,
    @CallerContext() context: CallerRequestContext,
  ) {
    const updated = await this.commands.execute(
      new UpdateVirtualAccountCommand(id, context.businessId, context.mode, virtualAccountChangesOf(body), context),
    );
    return virtualAccountToWire(updated);
  }

  @Get('callback_virtual_accounts/:id')
  @ApiDoc({
    summary: 'Get a fixed virtual account',
    operationId: 'getFixedVirtualAccount',
    response: VIRTUAL_ACCOUNT_SCHEMA,
    errors: ['CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR'],
  })
  @RequirePermissions('money_in:read')
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    // Ids are 24 hex characters: anything else (NUL bytes included) is simply not found.
    const account = INSTRUMENT_ID_PATTERN.test(id)
      ? await this.queries.execute(new GetVirtualAccountQuery(id, caller.businessId, caller.mode))
      : undefined;
    if (!account) throw VirtualAccountErrors.notFound(id);
    return virtualAccountToWire(account);
  }

  /** Spec: used to verify that a received `fva_paid` callback is genuine. */
  @Get('callback_virtual_account_payments/payment_id=:paymentId')
  @ApiDoc({
    summary: 'Get a fixed virtual account payment',
    description: 'Verifies an `fva_paid` callback: the payment with that `payment_id`.',
    operationId: 'getFixedVirtualAccountPayment',
    response: VIRTUAL_ACCOUNT_PAYMENT_SCHEMA,
    errors: ['CALLBACK_VIRTUAL_ACCOUNT_PAYMENT_NOT_FOUND_ERROR'],
  })
  @RequirePermissions('money_in:read')
  async payment(@CurrentCaller() caller: Caller, @Param('paymentId') paymentId: string) {
    const found = INSTRUMENT_ID_PATTERN.test(paymentId)
      ? await this.queries.execute(new GetVirtualAccountPaymentQuery(paymentId, caller.businessId, caller.mode))
      : undefined;
    if (!found) throw VirtualAccountErrors.paymentNotFound(paymentId);
    return virtualAccountPaymentToWire(found.payment, found.account);
  }

  /**
   * Test mode: the simulated bank pays a fixed account, or, when the number is none of the
   * business's fixed accounts, the invoice that holds it as a POOL number.
   */
  @Post('pool_virtual_accounts/simulate_payment')
  @ApiDoc(
    simulatedPaymentDoc({
      summary: 'Simulate a bank transfer to a virtual account',
      description:
        'The simulated bank pays `transfer_amount` into a fixed virtual account of the business or, ' +
        'when the number is none of them, into the invoice that holds it as a POOL number. Callbacks follow as for a ' +
        'real payment.',
      operationId: 'simulateVirtualAccountPayment',
      response: SIMULATED_VA_PAYMENT_SCHEMA,
      notFound: 'CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR',
      inactive: 'INACTIVE_VIRTUAL_ACCOUNT_ERROR',
    }),
  )
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async simulate(
    @Body() body: SimulateVirtualAccountPaymentRequestDto,
    @CallerContext() context: CallerRequestContext,
  ) {
    const { bank_code: bankCode, bank_account_number: number, transfer_amount: amount } = body;
    const routed = await this.commands.execute(
      new SimulateBankTransferCommand(context.businessId, context.mode, bankCode, number, amount, context),
    );
    if (routed.paid === 'delegated')
      return paidInvoiceAnswer(`Payment of ${amount} to ${bankCode} ${number} completed`, routed.result);
    const { payment, instrument: account } = routed;
    return {
      status: 'COMPLETED',
      message: `Payment of ${payment.amount} to ${account.bankCode} virtual account ${account.accountNumber} completed`,
      ...virtualAccountPaymentToWire(payment, account),
    };
  }

  @Get('available_virtual_account_banks')
  @ApiDoc({
    summary: 'List virtual account banks',
    description: "The banks the business can open fixed virtual accounts at in the key's mode.",
    operationId: 'listVirtualAccountBanks',
    response: schema.arrayOf(schema.object({ name: schema.string(), code: schema.string() })),
  })
  @RequirePermissions('money_in:read')
  async banks(@CurrentCaller() caller: Caller) {
    const { enabled } = vaTermsOf(await this.instruments.settings(caller.businessId, caller.mode));
    return enabled.map((bank) => ({ name: bank.name, code: bank.code }));
  }
}
