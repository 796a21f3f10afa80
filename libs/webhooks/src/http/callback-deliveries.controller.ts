import { type Caller, CurrentCaller, IdGenerator, RequirePermissions } from '@gateway/platform';
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { DeliveryLog } from '../read-models/delivery-log';
import { DeliveryIdParams, DeliverySummaryQueryDto, ListDeliveriesQueryDto, ResendFailedRequestDto } from './callbacks.request.dto';

/** The delivery log: every callback, each attempt, and manual resends (caller's business and mode). */
@Controller('callback_deliveries')
export class CallbackDeliveriesController {
  constructor(
    private readonly log: DeliveryLog,
    private readonly ids: IdGenerator,
  ) {}

  @Get()
  @RequirePermissions('settings:read')
  list(@CurrentCaller() caller: Caller, @Query() query: ListDeliveriesQueryDto) {
    return this.log.list(caller.businessId, caller.mode, {
      status: query.status,
      kind: query.callback_type,
      resourceId: query.resource_id,
      createdAfter: query.created_after,
      createdBefore: query.created_before,
      limit: query.limit ?? 20,
      afterId: query.after_id,
    });
  }

  /** Attempts that succeeded and failed per 6-hour window: the data behind the callback digest. */
  @Get('summary')
  @RequirePermissions('settings:read')
  async summary(@CurrentCaller() caller: Caller, @Query() query: DeliverySummaryQueryDto) {
    const to = query.to ?? new Date();
    return { from: query.from.toISOString(), to: to.toISOString(), windows: await this.log.summary(caller.businessId, caller.mode, query.from, to) };
  }

  @Post('resend_failed')
  @HttpCode(200)
  @RequirePermissions('settings:write')
  async resendFailed(@CurrentCaller() caller: Caller, @Body() body: ResendFailedRequestDto) {
    // The resend's id: derived from the idempotency key when there is one, so it happens once.
    const resent = await this.log.resendFailedSince(caller.businessId, caller.mode, body.since, body.callback_type, this.ids.uuid());
    return { resent };
  }

  @Get(':id')
  @RequirePermissions('settings:read')
  get(@CurrentCaller() caller: Caller, @Param() params: DeliveryIdParams) {
    return this.log.get(caller.businessId, caller.mode, params.id);
  }

  @Post(':id/resend')
  @HttpCode(200)
  @RequirePermissions('settings:write')
  resend(@CurrentCaller() caller: Caller, @Param() params: DeliveryIdParams) {
    return this.log.resend(caller.businessId, caller.mode, params.id, this.ids.uuid());
  }
}
