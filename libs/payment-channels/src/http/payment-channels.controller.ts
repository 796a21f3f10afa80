import { type Caller, CurrentCaller, RequirePermissions } from '@gateway/platform';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ListPaymentChannelsQuery } from '../application/list-payment-channels/list-payment-channels.query';

/** Every channel, once per currency, with whether the caller's business may use it in the key's mode. */
@Controller('payment_channels')
export class PaymentChannelsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @RequirePermissions('payment_channels:read')
  list(@CurrentCaller() caller: Caller) {
    return this.queries.execute(new ListPaymentChannelsQuery(caller.businessId, caller.mode));
  }
}
