import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EnsureChannelEnabledHandler } from './application/ensure-channel-enabled/ensure-channel-enabled.handler';
import { ListPaymentChannelsHandler } from './application/list-payment-channels/list-payment-channels.handler';
import { PaymentChannelsController } from './http/payment-channels.controller';

/** Queries answered from its read models. */
const queryHandlers = [ListPaymentChannelsHandler, EnsureChannelEnabledHandler];

/** Which money-in channels a business may use (the settings decide; the catalog is in @gateway/domain). */
@Module({
  imports: [CqrsModule],
  controllers: [PaymentChannelsController],
  providers: [...queryHandlers],
})
export class PaymentChannelsModule {}
