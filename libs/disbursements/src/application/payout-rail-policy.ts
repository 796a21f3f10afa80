import { AppConfig } from '@gateway/config';
import { Injectable } from '@nestjs/common';

/**
 * Test mode always uses the simulated rail. Live mode needs a real connector, which this
 * project does not ship: live disbursements are refused unless the operator sets
 * `DISBURSEMENT_LIVE_RAIL=sandbox` (design §9: the sandbox network selected explicitly).
 */
@Injectable()
export class PayoutRailPolicy {
  readonly liveUsesSandbox: boolean;

  constructor(config: AppConfig) {
    this.liveUsesSandbox = config.DISBURSEMENT_LIVE_RAIL === 'sandbox';
  }

  available(mode: 'test' | 'live'): boolean {
    return mode === 'test' || this.liveUsesSandbox;
  }
}
