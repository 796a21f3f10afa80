import { AppConfig } from '@gateway/config';
import type { Caller } from '@gateway/http-edge';
import { ApiDoc, ApiTag, CurrentCaller, publicBaseUrl, requestContextOf, RequirePermissions } from '@gateway/http-edge';
import { applyDecorators, Body, Controller, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import {
  type RecurringChange,
  ChangeRecurringPaymentCommand,
} from '../application/change-recurring/change-recurring.command';
import { CreateRecurringPaymentCommand } from '../application/create-recurring/create-recurring.command';
import { GetRecurringPaymentQuery } from '../application/get-recurring/get-recurring.query';
import {
  CreateRecurringRequestDto,
  toCreateRecurringRequest,
  toRecurringChanges,
  UpdateRecurringRequestDto,
} from './recurring.request.dto';
import { RECURRING_PAYMENT_SCHEMA, recurringToWire } from './recurring.response';

const CHANGE_ERRORS = ['NOT_FOUND_ERROR', 'INVALID_RECURRING_PAYMENT_STATUS_ERROR'];

/**
 * `POST /recurring_payments/{id}/<action>!`: stop, pause and resume are one kind of operation (a
 * change of the schedule's status, answered with the payment, 200), each documented as its own.
 */
function LifecycleAction(action: 'stop' | 'pause' | 'resume', doc: { summary: string; description: string }) {
  return applyDecorators(
    Post(`:id/${action}\\!`),
    ApiDoc({
      ...doc,
      operationId: `${action}RecurringPayment`,
      response: RECURRING_PAYMENT_SCHEMA,
      errors: CHANGE_ERRORS,
    }),
    HttpCode(200),
    RequirePermissions('money_in:write'),
  );
}

@ApiTag(
  'Recurring payments',
  'Recurring payments issue an invoice every cycle (days, weeks or months) on the business clock, ' +
    'optionally charged to a saved card; pause, resume and stop them.',
)
@Controller('recurring_payments')
export class RecurringController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly config: AppConfig,
  ) {}

  /** gaps.md: `POST /recurring_payments`; the public client adds a trailing slash (Express matches both). */
  @Post()
  @ApiDoc({
    summary: 'Create a recurring payment',
    description:
      'Bills `amount` every `interval_count` `interval`s from `start_date` (now when absent), ' +
      '`total_recurrence` times or until stopped: each cycle issues an invoice (`recurring_payment_id` names this ' +
      'payment) and, with `credit_card_token`, charges it to that card. `missed_payment_action` STOP stops the ' +
      "payment when a cycle's invoice expires unpaid. The public client posts to `/recurring_payments/` (trailing " +
      'slash), which is the same operation.',
    operationId: 'createRecurringPayment',
    response: RECURRING_PAYMENT_SCHEMA,
    errors: ['INVALID_CREDIT_CARD_TOKEN_ERROR', 'DUPLICATE_RECURRING_PAYMENT_ERROR', 'NO_COLLECTION_METHODS_ERROR'],
  })
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateRecurringRequestDto, @Req() request: Request) {
    const created = await this.commands.execute(
      new CreateRecurringPaymentCommand(
        caller.businessId,
        caller.mode,
        toCreateRecurringRequest(body),
        requestContextOf(request, caller),
      ),
    );
    return recurringToWire(created, publicBaseUrl(request, this.config));
  }

  @Get(':id')
  @ApiDoc({
    summary: 'Get a recurring payment',
    operationId: 'getRecurringPayment',
    response: RECURRING_PAYMENT_SCHEMA,
    errors: ['NOT_FOUND_ERROR'],
  })
  @RequirePermissions('money_in:read')
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() request: Request) {
    return recurringToWire(
      await this.queries.execute(new GetRecurringPaymentQuery(caller.businessId, caller.mode, id)),
      publicBaseUrl(request, this.config),
    );
  }

  @Patch(':id')
  @ApiDoc({
    summary: 'Update a recurring payment',
    description:
      "Changes apply from the next cycle not yet billed; a new `interval` or `interval_count` moves that cycle's date.",
    operationId: 'updateRecurringPayment',
    response: RECURRING_PAYMENT_SCHEMA,
    errors: [...CHANGE_ERRORS, 'INVALID_CREDIT_CARD_TOKEN_ERROR'],
  })
  @RequirePermissions('money_in:write')
  async update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: UpdateRecurringRequestDto,
    @Req() request: Request,
  ) {
    return this.change(caller, id, { type: 'update', changes: toRecurringChanges(body) }, request);
  }

  @LifecycleAction('stop', {
    summary: 'Stop a recurring payment',
    description: 'No further cycle is billed; a stopped payment cannot resume.',
  })
  stop(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() request: Request) {
    return this.change(caller, id, { type: 'stop' }, request);
  }

  @LifecycleAction('pause', {
    summary: 'Pause a recurring payment',
    description: 'Cycles that fall due while paused are skipped (not billed later).',
  })
  pause(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() request: Request) {
    return this.change(caller, id, { type: 'pause' }, request);
  }

  @LifecycleAction('resume', {
    summary: 'Resume a recurring payment',
    description: 'Billing continues with the next cycle that falls due.',
  })
  resume(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() request: Request) {
    return this.change(caller, id, { type: 'resume' }, request);
  }

  private async change(caller: Caller, id: string, change: RecurringChange, request: Request) {
    const changed = await this.commands.execute(
      new ChangeRecurringPaymentCommand(caller.businessId, caller.mode, id, change, requestContextOf(request, caller)),
    );
    return recurringToWire(changed, publicBaseUrl(request, this.config));
  }
}
