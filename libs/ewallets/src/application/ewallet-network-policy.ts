import { AppConfig } from '@gateway/config';
import { Injectable } from '@nestjs/common';

/**
 * The eWallet context's settings (AppConfig, validated at start-up with every other setting):
 * - `EWALLET_LIVE_NETWORK`: test mode always uses the simulated wallets; live mode needs a real
 *   provider connector, which this project does not ship, so live requests are refused unless the
 *   operator selects `sandbox` (design §9).
 * - `EWALLET_SYNC_WAIT_MS`: how long an OVO request of version 2019-02-04 waits for the payer's
 *   decision before answering that the outcome is not known yet (default 45 s, longer than the
 *   payer's 30 s authorization window).
 * (`checkout_url` follows `PUBLIC_BASE_URL` through @gateway/http-edge's `publicBaseUrl`, like every link.)
 */
@Injectable()
export class EwalletNetworkPolicy {
  readonly liveUsesSandbox: boolean;
  readonly syncWaitMs: number;

  constructor(config: AppConfig) {
    this.liveUsesSandbox = config.EWALLET_LIVE_NETWORK === 'sandbox';
    this.syncWaitMs = config.EWALLET_SYNC_WAIT_MS;
  }

  available(mode: 'test' | 'live'): boolean {
    return mode === 'test' || this.liveUsesSandbox;
  }
}
