import { ConfigError } from '@gateway/platform';
import { Injectable } from '@nestjs/common';

/**
 * Test mode always uses the simulated rail. Live mode needs a real connector, which this
 * project does not ship: live disbursements are refused unless the operator sets
 * `DISBURSEMENT_LIVE_RAIL=sandbox` (design §9: the sandbox network selected explicitly).
 */
@Injectable()
export class PayoutRailPolicy {
  readonly liveUsesSandbox: boolean;

  constructor() {
    const rail = process.env.DISBURSEMENT_LIVE_RAIL ?? '';
    if (!['', 'none', 'sandbox'].includes(rail)) throw new ConfigError([`DISBURSEMENT_LIVE_RAIL must be "none" or "sandbox", not "${rail}"`]);
    this.liveUsesSandbox = rail === 'sandbox';
  }

  available(mode: 'test' | 'live'): boolean {
    return mode === 'test' || this.liveUsesSandbox;
  }
}
