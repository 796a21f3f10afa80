import { ApiDoc, ApiTag, type Caller, CurrentCaller, gatewayState, type RequestContext, RequirePermissions, schema } from '@gateway/platform';
import { SimulatePoolVirtualAccountPaymentCommand } from '@gateway/invoices';
import { DomainError } from '@gateway/domain';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { CreateVirtualAccountCommand } from '../application/create-virtual-account/create-virtual-account.command';
import { GetVirtualAccountPaymentQuery, GetVirtualAccountQuery } from '../application/get-virtual-account/get-virtual-account.query';
import { SimulateVirtualAccountPaymentCommand } from '../application/simulate-payment/simulate-virtual-account-payment.command';
import { UpdateVirtualAccountCommand } from '../application/update-virtual-account/update-virtual-account.command';
import { BusinessVaTerms } from '../application/business-va-terms';
import { VA_ID_PATTERN } from '../application/owned-account';
import { VirtualAccountErrors } from '../domain/virtual-account.errors';
import { CreateVirtualAccountRequestDto, SimulateVirtualAccountPaymentRequestDto, UpdateVirtualAccountRequestDto } from './virtual-account.request.dto';
import {
  SIMULATED_VA_PAYMENT_SCHEMA,
  VIRTUAL_ACCOUNT_PAYMENT_SCHEMA,
  VIRTUAL_ACCOUNT_SCHEMA,
  virtualAccountPaymentToWire,
  virtualAccountToWire,
} from './virtual-account.response';

function contextOf(request: Request, caller: Caller): RequestContext {
  const state = gatewayState(request);
  return { requestId: state.requestId, actor: caller.key.keyId, businessId: caller.businessId, mode: caller.mode, apiVersion: state.apiVersion };
}

const dateOf = (iso: string | undefined) => (iso === undefined ? undefined : new Date(iso));

@ApiTag('Virtual accounts', 'Fixed virtual accounts: a permanent bank account number per payer, paid by bank transfer; test-mode bank payments.')
@Controller()
export class VirtualAccountsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly terms: BusinessVaTerms,
  ) {}

  @Post('callback_virtual_accounts')
  @ApiDoc({
    summary: 'Create a fixed virtual account',
    description:
      'A permanent account number at `bank_code`, in the range configured for the business (`PATCH /settings` `virtual_account_ranges`) or `virtual_account_number` when given. Open accounts take any amount (`suggested_amount` is shown to the payer); closed ones (`is_closed`) only `expected_amount`. The `fva_status` callback follows.',
    operationId: 'createFixedVirtualAccount',
    response: VIRTUAL_ACCOUNT_SCHEMA,
    errors: [
      'BANK_NOT_SUPPORTED_ERROR',
      'VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE',
      'UNIQUE_ACCOUNT_NUMBER_UNAVAILABLE_ERROR',
      'SUGGESTED_AMOUNT_NOT_SUPPORTED_ERROR',
      'EXPECTED_AMOUNT_REQUIRED_ERROR',
      'CLOSED_VA_NOT_SUPPORTED_ERROR',
      'MINIMUM_EXPECTED_AMOUNT_ERROR',
      'MAXIMUM_EXPECTED_AMOUNT_ERROR',
      'EXPIRATION_DATE_INVALID_ERROR',
      'CHANNEL_NOT_ACTIVATED',
    ],
  })
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateVirtualAccountRequestDto, @Req() request: Request) {
    const created = await this.commands.execute(
      new CreateVirtualAccountCommand(
        {
          businessId: caller.businessId,
          mode: caller.mode,
          externalId: body.external_id,
          bankCode: body.bank_code,
          name: body.name,
          virtualAccountNumber: body.virtual_account_number,
          suggestedAmount: body.suggested_amount,
          isClosed: body.is_closed ?? false,
          expectedAmount: body.expected_amount,
          isSingleUse: body.is_single_use ?? false,
          expirationDate: dateOf(body.expiration_date),
        },
        contextOf(request, caller),
      ),
    );
    return virtualAccountToWire(created);
  }

  @Patch('callback_virtual_accounts/:id')
  @ApiDoc({
    summary: 'Update a fixed virtual account',
    description: 'Every field optional; a past `expiration_date` expires the account at once.',
    operationId: 'updateFixedVirtualAccount',
    response: VIRTUAL_ACCOUNT_SCHEMA,
    errors: ['CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR', 'INACTIVE_VIRTUAL_ACCOUNT_ERROR', 'SUGGESTED_AMOUNT_NOT_SUPPORTED_ERROR', 'EXPECTED_AMOUNT_REQUIRED_ERROR', 'MINIMUM_EXPECTED_AMOUNT_ERROR', 'MAXIMUM_EXPECTED_AMOUNT_ERROR', 'EXPIRATION_DATE_INVALID_ERROR'],
  })
  @RequirePermissions('money_in:write')
  async update(@CurrentCaller() caller: Caller, @Param('id') id: string, @Body() body: UpdateVirtualAccountRequestDto, @Req() request: Request) {
    const changes = {
      ...(body.suggested_amount !== undefined && body.suggested_amount !== null && { suggestedAmount: body.suggested_amount }),
      ...(body.expected_amount !== undefined && body.expected_amount !== null && { expectedAmount: body.expected_amount }),
      ...(body.expiration_date !== undefined && body.expiration_date !== null && { expirationDate: new Date(body.expiration_date) }),
      ...(body.is_single_use !== undefined && body.is_single_use !== null && { isSingleUse: body.is_single_use }),
      ...(body.is_closed !== undefined && body.is_closed !== null && { isClosed: body.is_closed }),
    };
    const updated = await this.commands.execute(new UpdateVirtualAccountCommand(id, caller.businessId, caller.mode, changes, contextOf(request, caller)));
    return virtualAccountToWire(updated);
  }

  @Get('callback_virtual_accounts/:id')
  @ApiDoc({ summary: 'Get a fixed virtual account', operationId: 'getFixedVirtualAccount', response: VIRTUAL_ACCOUNT_SCHEMA, errors: ['CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR'] })
  @RequirePermissions('money_in:read')
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string) {
    // Ids are 24 hex characters: anything else (NUL bytes included) is simply not found.
    const account = VA_ID_PATTERN.test(id) ? await this.queries.execute(new GetVirtualAccountQuery(id, caller.businessId, caller.mode)) : undefined;
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
    const found = VA_ID_PATTERN.test(paymentId) ? await this.queries.execute(new GetVirtualAccountPaymentQuery(paymentId, caller.businessId, caller.mode)) : undefined;
    if (!found) throw VirtualAccountErrors.paymentNotFound(paymentId);
    return virtualAccountPaymentToWire(found.payment, found.account);
  }

  /**
   * Test mode: the simulated bank pays a fixed account, or, when the number is none of the
   * business's fixed accounts, the invoice that holds it as a POOL number.
   */
  @Post('pool_virtual_accounts/simulate_payment')
  @ApiDoc({
    summary: 'Simulate a bank transfer to a virtual account',
    description:
      'The simulated bank pays `transfer_amount` into a fixed virtual account of the business or, when the number is none of them, into the invoice that holds it as a POOL number. Callbacks follow as for a real payment.',
    operationId: 'simulateVirtualAccountPayment',
    testModeOnly: true,
    response: SIMULATED_VA_PAYMENT_SCHEMA,
    errors: ['TEST_MODE_ONLY_ERROR', 'CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR', 'INACTIVE_VIRTUAL_ACCOUNT_ERROR', 'EXPECTED_AMOUNT_MISMATCH_ERROR', 'INVOICE_NOT_PENDING_ERROR', 'INVALID_AMOUNT_ERROR'],
  })
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async simulate(@CurrentCaller() caller: Caller, @Body() body: SimulateVirtualAccountPaymentRequestDto, @Req() request: Request) {
    const context = contextOf(request, caller);
    try {
      const { payment, account } = await this.commands.execute(
        new SimulateVirtualAccountPaymentCommand(caller.businessId, caller.mode, body.bank_code, body.bank_account_number, body.transfer_amount, context),
      );
      return {
        status: 'COMPLETED',
        message: `Payment of ${payment.amount} to ${account.bankCode} virtual account ${account.accountNumber} completed`,
        ...virtualAccountPaymentToWire(payment, account),
      };
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR') throw error;
      const invoice = await this.commands
        .execute(
          new SimulatePoolVirtualAccountPaymentCommand(
            caller.businessId,
            caller.mode,
            { bankCode: body.bank_code, bankAccountNumber: body.bank_account_number, transferAmount: body.transfer_amount },
            context,
          ),
        )
        // Neither a fixed account nor an invoice's: the spec's "account not found".
        .catch((invoiceError: unknown) => {
          throw invoiceError instanceof DomainError && invoiceError.code === 'VIRTUAL_ACCOUNT_NOT_FOUND_ERROR' ? error : invoiceError;
        });
      return {
        status: 'COMPLETED',
        message: `Payment of ${body.transfer_amount} to ${body.bank_code} ${body.bank_account_number} completed`,
        invoice_id: invoice.invoiceId,
        external_id: invoice.externalId,
        payment_id: invoice.payment?.paymentId,
      };
    }
  }

  @Get('available_virtual_account_banks')
  @ApiDoc({
    summary: 'List virtual account banks',
    description: 'The banks the business can open fixed virtual accounts at in the key\'s mode.',
    operationId: 'listVirtualAccountBanks',
    response: schema.arrayOf(schema.object({ name: schema.string(), code: schema.string() })),
  })
  @RequirePermissions('money_in:read')
  async banks(@CurrentCaller() caller: Caller) {
    const { enabled } = await this.terms.of(caller.businessId, caller.mode);
    return enabled.map((bank) => ({ name: bank.name, code: bank.code }));
  }
}
