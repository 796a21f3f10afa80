import { AppConfig, type Caller, CurrentCaller, gatewayState, publicBaseUrl, RequirePermissions, type RequestContext } from '@gateway/platform';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { type RecurringChange, ChangeRecurringPaymentCommand } from '../application/change-recurring/change-recurring.command';
import { CreateRecurringPaymentCommand } from '../application/create-recurring/create-recurring.command';
import { GetRecurringPaymentQuery } from '../application/get-recurring/get-recurring.query';
import { CreateRecurringRequestDto, toCreateRecurringRequest, toRecurringChanges, UpdateRecurringRequestDto } from './recurring.request.dto';
import { recurringToWire } from './recurring.response';

function contextOf(request: Request, caller: Caller): RequestContext {
  return { requestId: gatewayState(request).requestId, actor: caller.key.keyId, businessId: caller.businessId, mode: caller.mode, apiVersion: gatewayState(request).apiVersion };
}

@Controller('recurring_payments')
export class RecurringController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly config: AppConfig,
  ) {}

  /** gaps.md: `POST /recurring_payments`; the public client adds a trailing slash (Express matches both). */
  @Post()
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  async create(@CurrentCaller() caller: Caller, @Body() body: CreateRecurringRequestDto, @Req() request: Request) {
    const created = await this.commands.execute(new CreateRecurringPaymentCommand(caller.businessId, caller.mode, toCreateRecurringRequest(body), contextOf(request, caller)));
    return recurringToWire(created, publicBaseUrl(request, this.config));
  }

  @Get(':id')
  @RequirePermissions('money_in:read')
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() request: Request) {
    return recurringToWire(await this.queries.execute(new GetRecurringPaymentQuery(caller.businessId, caller.mode, id)), publicBaseUrl(request, this.config));
  }

  @Patch(':id')
  @RequirePermissions('money_in:write')
  async update(@CurrentCaller() caller: Caller, @Param('id') id: string, @Body() body: UpdateRecurringRequestDto, @Req() request: Request) {
    return this.change(caller, id, { type: 'update', changes: toRecurringChanges(body) }, request);
  }

  @Post(':id/stop\\!')
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  stop(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() request: Request) {
    return this.change(caller, id, { type: 'stop' }, request);
  }

  @Post(':id/pause\\!')
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  pause(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() request: Request) {
    return this.change(caller, id, { type: 'pause' }, request);
  }

  @Post(':id/resume\\!')
  @HttpCode(200)
  @RequirePermissions('money_in:write')
  resume(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() request: Request) {
    return this.change(caller, id, { type: 'resume' }, request);
  }

  private async change(caller: Caller, id: string, change: RecurringChange, request: Request) {
    const changed = await this.commands.execute(new ChangeRecurringPaymentCommand(caller.businessId, caller.mode, id, change, contextOf(request, caller)));
    return recurringToWire(changed, publicBaseUrl(request, this.config));
  }
}
