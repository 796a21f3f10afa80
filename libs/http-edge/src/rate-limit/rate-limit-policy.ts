import { Injectable } from '@nestjs/common';
import type { Mode } from '@gateway/clock';
import { AppConfig } from '@gateway/config';
import type { Caller } from '../caller';
import type { RouteRateLimit } from './rate-limit.decorator';

/** Which counter a request spends from and how big its quota is (spec "Limits"). */
@Injectable()
export class RateLimitPolicy {
  readonly windowMs: number;
  readonly ipLimit: number;
  private readonly accountLimits: Record<Mode, number>;

  constructor(config: AppConfig) {
    this.windowMs = config.RATE_LIMIT_WINDOW_SECONDS * 1000;
    this.ipLimit = config.RATE_LIMIT_IP_PER_MINUTE;
    this.accountLimits = { test: config.RATE_LIMIT_TEST_PER_MINUTE, live: config.RATE_LIMIT_LIVE_PER_MINUTE };
  }

  accountLimit(mode: Mode, route?: RouteRateLimit): number {
    return route?.perMinute ?? this.accountLimits[mode];
  }

  ipKey(ip: string): string {
    return `ip:${ip}`;
  }

  /**
   * Per account, mode and endpoint. The account is the business the request acts for (the
   * sub-account under `for-user-id`): its budget is the same whoever calls for it.
   */
  accountKey(caller: Caller, endpoint: string): string {
    return `account:${caller.mode}:${caller.businessId}:${endpoint}`;
  }
}
