import type { Mode } from '@gateway/clock';
import { Query } from '@nestjs/cqrs';

/**
 * For every money-in context, before it accepts a request on a channel: resolves when the
 * business has the channel enabled in this mode, fails with 403 `CHANNEL_NOT_ACTIVATED`
 * otherwise (spec: "requests using the channel fail until it is activated").
 */
export class EnsureChannelEnabledQuery extends Query<void> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly channelCode: string,
  ) {
    super();
  }
}
