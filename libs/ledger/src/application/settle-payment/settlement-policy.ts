import { AppConfig, ConfigError } from '@gateway/config';
import { Injectable } from '@nestjs/common';
import { parseSettlementDelays } from '../../domain/settlement-delays';

/** Settlement delays per channel: the defaults, overridden by `LEDGER_SETTLEMENT_DELAYS`. */
@Injectable()
export class SettlementPolicy {
  readonly delays: Readonly<Record<string, number>>;

  constructor(config: AppConfig) {
    // AppConfig has checked the shape at start-up (exit code 2 with one line per problem).
    const { delays, problems } = parseSettlementDelays(config.LEDGER_SETTLEMENT_DELAYS);
    if (problems.length > 0) throw new ConfigError(problems);
    this.delays = delays;
  }
}
