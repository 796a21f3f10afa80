import { GetSettingsQuery } from '@gateway/accounts';
import { isChannelEnabled, PAYMENT_CHANNELS } from '@gateway/domain';
import { type IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ListPaymentChannelsQuery, type PaymentChannelView } from './list-payment-channels.query';

@QueryHandler(ListPaymentChannelsQuery)
export class ListPaymentChannelsHandler implements IQueryHandler<ListPaymentChannelsQuery, PaymentChannelView[]> {
  constructor(private readonly queries: QueryBus) {}

  async execute(query: ListPaymentChannelsQuery): Promise<PaymentChannelView[]> {
    const settings = await this.queries.execute(new GetSettingsQuery(query.businessId, query.mode));
    const enabled = settings?.settings.enabledPaymentChannels;
    return PAYMENT_CHANNELS.map((channel) => ({
      business_id: query.businessId,
      is_livemode: query.mode === 'live',
      channel_code: channel.code,
      name: channel.name,
      currency: channel.currency,
      channel_category: channel.category,
      is_enabled: isChannelEnabled(enabled, channel.code),
    }));
  }
}
