import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EnsureChannelEnabledHandler } from './application/ensure-channel-enabled/ensure-channel-enabled.handler';
import { ListPaymentChannelsHandler } from './application/list-payment-channels/list-payment-channels.handler';
import { PaymentChannelsController } from './http/payment-channels.controller';
import { providersByRole } from '@gateway/runtime';

/** Its providers, grouped by role (each role's group is documented on ProvidersByRole). */
const providers = providersByRole({
  queryHandlers: [ListPaymentChannelsHandler, EnsureChannelEnabledHandler],
});

/** Which money-in channels a business may use (the settings decide; the catalog is in @gateway/domain). */
@Module({
  imports: [CqrsModule],
  controllers: [PaymentChannelsController],
  providers,
})
export class PaymentChannelsModule {}
