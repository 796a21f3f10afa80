import { registerErrorStatuses } from '@gateway/platform';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CHANNEL_NOT_ACTIVATED, EnsureChannelEnabledHandler } from './application/ensure-channel-enabled/ensure-channel-enabled.handler';
import { ListPaymentChannelsHandler } from './application/list-payment-channels/list-payment-channels.handler';
import { PaymentChannelsController } from './http/payment-channels.controller';

registerErrorStatuses({ [CHANNEL_NOT_ACTIVATED]: 403 });

/** Which money-in channels a business may use (the settings decide; the catalog is in @gateway/domain). */
@Module({
  imports: [CqrsModule],
  controllers: [PaymentChannelsController],
  providers: [ListPaymentChannelsHandler, EnsureChannelEnabledHandler],
})
export class PaymentChannelsModule {}
