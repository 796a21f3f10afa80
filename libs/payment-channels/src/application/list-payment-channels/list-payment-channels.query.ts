import type { ChannelCategory } from '@gateway/domain';
import type { Mode } from '@gateway/clock';
import { Query } from '@nestjs/cqrs';

export interface PaymentChannelView {
  business_id: string;
  is_livemode: boolean;
  channel_code: string;
  name: string;
  currency: string;
  channel_category: ChannelCategory;
  is_enabled: boolean;
}

export class ListPaymentChannelsQuery extends Query<PaymentChannelView[]> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
  ) {
    super();
  }
}
