import { ConfigError } from '@gateway/platform';
import { Injectable } from '@nestjs/common';

const DEFAULT_SYNC_WAIT_MS = 45_000;

/**
 * The eWallet context's settings (docs/operations.md), validated at start-up:
 * - `EWALLET_LIVE_NETWORK`: test mode always uses the simulated wallets; live mode needs a real
 *   provider connector, which this project does not ship, so live requests are refused unless the
 *   operator selects `sandbox` (design §9).
 * - `EWALLET_SYNC_WAIT_MS`: how long an OVO request of version 2019-02-04 waits for the payer's
 *   decision before answering that the outcome is not known yet (default 45 s, longer than the
 *   payer's 30 s authorization window).
 * - `PUBLIC_BASE_URL`: the address payers reach the api at, for `checkout_url`; unset, the
 *   request's own scheme and host are used.
 */
@Injectable()
export class EwalletNetworkPolicy {
  readonly liveUsesSandbox: boolean;
  readonly syncWaitMs: number;
  readonly publicBaseUrl?: string;

  constructor() {
    const problems: string[] = [];
    const network = process.env.EWALLET_LIVE_NETWORK ?? '';
    if (!['', 'none', 'sandbox'].includes(network)) problems.push(`EWALLET_LIVE_NETWORK must be "none" or "sandbox", not "${network}"`);
    this.liveUsesSandbox = network === 'sandbox';

    const wait = process.env.EWALLET_SYNC_WAIT_MS;
    this.syncWaitMs = wait === undefined || wait === '' ? DEFAULT_SYNC_WAIT_MS : Number(wait);
    if (!Number.isInteger(this.syncWaitMs) || this.syncWaitMs < 100 || this.syncWaitMs > 300_000) {
      problems.push('EWALLET_SYNC_WAIT_MS must be an integer between 100 and 300000');
    }

    const base = process.env.PUBLIC_BASE_URL;
    if (base) {
      if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(base)) problems.push('PUBLIC_BASE_URL must be an http(s) URL without query or fragment');
      this.publicBaseUrl = base.replace(/\/+$/, '');
    }
    if (problems.length > 0) throw new ConfigError(problems);
  }

  available(mode: 'test' | 'live'): boolean {
    return mode === 'test' || this.liveUsesSandbox;
  }
}
