import { ConfigError } from '@gateway/platform';
import { Injectable } from '@nestjs/common';
import { parseSettlementDelays } from '../../domain/settlement-delays';

/** Settlement delays per channel: the defaults, overridden by `LEDGER_SETTLEMENT_DELAYS`. */
@Injectable()
export class SettlementPolicy {
  readonly delays: Readonly<Record<string, number>>;

  constructor() {
    const { delays, problems } = parseSettlementDelays(process.env.LEDGER_SETTLEMENT_DELAYS);
    // Same as every other setting: one line per problem, exit code 2 (runMain).
    if (problems.length > 0) throw new ConfigError(problems);
    this.delays = delays;
  }
}
