import { ApiDoc, ApiTag, type Caller, CurrentCaller, RequirePermissions, schema } from '@gateway/http-edge';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ListPaymentChannelsQuery } from '../application/list-payment-channels/list-payment-channels.query';

/** Every channel, once per currency, with whether the caller's business may use it in the key's mode. */
@ApiTag(
  'Payment channels',
  "The channels (banks, retail outlets, eWallets, cards) and whether the business may use each in the key's mode.",
)
@Controller('payment_channels')
export class PaymentChannelsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiDoc({
    summary: 'List payment channels',
    description:
      "Every channel, once per currency, with whether the business may use it in the key's mode (`PATCH /settings` " +
      '`enabled_payment_channels`).',
    operationId: 'listPaymentChannels',
    response: schema.arrayOf(
      schema.object({
        business_id: schema.string(),
        is_livemode: schema.boolean(),
        channel_code: schema.string(),
        name: schema.string(),
        currency: schema.string(),
        channel_category: schema.oneOfStrings(['VIRTUAL_ACCOUNT', 'RETAIL_OUTLET', 'EWALLET', 'CREDIT_CARD']),
        is_enabled: schema.boolean(),
      }),
    ),
  })
  @RequirePermissions('payment_channels:read')
  list(@CurrentCaller() caller: Caller) {
    return this.queries.execute(new ListPaymentChannelsQuery(caller.businessId, caller.mode));
  }
}
