import { GetSettingsQuery } from '@gateway/accounts';
import { isChannelEnabled } from '@gateway/domain';
import { type IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { PaymentChannelErrors } from '../payment-channel.errors';
import { EnsureChannelEnabledQuery } from './ensure-channel-enabled.query';

export const CHANNEL_NOT_ACTIVATED = 'CHANNEL_NOT_ACTIVATED' as const;

/** The refusal every money-in context gives for a channel the business switched off. */
export const channelNotActivated = PaymentChannelErrors.channelNotActivated;

@QueryHandler(EnsureChannelEnabledQuery)
export class EnsureChannelEnabledHandler implements IQueryHandler<EnsureChannelEnabledQuery, void> {
  constructor(private readonly queries: QueryBus) {}

  async execute(query: EnsureChannelEnabledQuery): Promise<void> {
    const settings = await this.queries.execute(new GetSettingsQuery(query.businessId, query.mode));
    if (!isChannelEnabled(settings?.settings.enabledPaymentChannels, query.channelCode))
      throw channelNotActivated(query.channelCode, query.mode);
  }
}
