import { ApiDoc, ApiTag, type Caller, CurrentCaller, RequirePermissions, schema } from '@gateway/http-edge';
import { IdGenerator } from '@gateway/runtime';
import {
  CALLBACK_DELIVERIES_SCHEMA,
  CALLBACK_DELIVERY_DETAIL_SCHEMA,
  CALLBACK_DELIVERY_SUMMARY_SCHEMA,
} from './callbacks.response';
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { DeliveryLog } from '../read-models/delivery-log';
import {
  DeliveryIdParams,
  DeliverySummaryQueryDto,
  ListDeliveriesQueryDto,
  ResendFailedRequestDto,
} from './callbacks.request.dto';

/** The delivery log: every callback, each attempt, and manual resends (caller's business and mode). */
@ApiTag('Callbacks')
@Controller('callback_deliveries')
export class CallbackDeliveriesController {
  constructor(
    private readonly log: DeliveryLog,
    private readonly ids: IdGenerator,
  ) {}

  @Get()
  @ApiDoc({
    summary: 'List callback deliveries',
    description: 'Newest first, 20 a page by default; page with `after_id`, the last id of the previous page.',
    operationId: 'listCallbackDeliveries',
    response: CALLBACK_DELIVERIES_SCHEMA,
  })
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
  @ApiDoc({
    summary: 'Summarise callback deliveries',
    description:
      'Attempts that succeeded and failed per 6-hour window (UTC 00, 06, 12, 18) from `from` to `to` (now by default).',
    operationId: 'summariseCallbackDeliveries',
    response: CALLBACK_DELIVERY_SUMMARY_SCHEMA,
  })
  @RequirePermissions('settings:read')
  async summary(@CurrentCaller() caller: Caller, @Query() query: DeliverySummaryQueryDto) {
    const to = query.to ?? new Date();
    return {
      from: query.from.toISOString(),
      to: to.toISOString(),
      windows: await this.log.summary(caller.businessId, caller.mode, query.from, to),
    };
  }

  @Post('resend_failed')
  @ApiDoc({
    summary: 'Resend failed callbacks',
    description: 'Resends every delivery that ended failed since `since` (of one `callback_type`, or all).',
    operationId: 'resendFailedCallbacks',
    response: schema.object({ resent: schema.integer('How many deliveries were resent') }),
  })
  @HttpCode(200)
  @RequirePermissions('settings:write')
  async resendFailed(@CurrentCaller() caller: Caller, @Body() body: ResendFailedRequestDto) {
    // The resend's id: derived from the idempotency key when there is one, so it happens once.
    const resent = await this.log.resendFailedSince(
      caller.businessId,
      caller.mode,
      body.since,
      body.callback_type,
      this.ids.uuid(),
    );
    return { resent };
  }

  @Get(':id')
  @ApiDoc({
    summary: 'Get a callback delivery',
    description: 'The delivery, its body, every attempt and its alerts.',
    operationId: 'getCallbackDelivery',
    response: CALLBACK_DELIVERY_DETAIL_SCHEMA,
    errors: ['CALLBACK_DELIVERY_NOT_FOUND_ERROR'],
  })
  @RequirePermissions('settings:read')
  get(@CurrentCaller() caller: Caller, @Param() params: DeliveryIdParams) {
    return this.log.get(caller.businessId, caller.mode, params.id);
  }

  @Post(':id/resend')
  @ApiDoc({
    summary: 'Resend a callback delivery',
    description:
      'One more attempt now, with the same `webhook-id` and body; ' +
      'a delivery still in its retry schedule has its next retry brought forward.',
    operationId: 'resendCallbackDelivery',
    response: CALLBACK_DELIVERY_DETAIL_SCHEMA,
    errors: ['CALLBACK_DELIVERY_NOT_FOUND_ERROR', 'CALLBACK_DELIVERY_IN_PROGRESS_ERROR'],
  })
  @HttpCode(200)
  @RequirePermissions('settings:write')
  resend(@CurrentCaller() caller: Caller, @Param() params: DeliveryIdParams) {
    return this.log.resend(caller.businessId, caller.mode, params.id, this.ids.uuid());
  }
}
