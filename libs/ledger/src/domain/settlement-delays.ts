const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * How long received money stays in HOLDING before it settles to CASH, per channel (ms). The
 * defaults follow the usual rails: cards T+2, eWallets and retail outlets T+1, bank transfers
 * (virtual accounts) the same day, test top-ups at once. `LEDGER_SETTLEMENT_DELAYS` overrides
 * them (docs/ledger.md).
 */
export const DEFAULT_SETTLEMENT_DELAYS_MS: Readonly<Record<string, number>> = {
  default: DAY,
  CREDIT_CARD: 2 * DAY,
  OVO: DAY,
  DANA: DAY,
  LINKAJA: DAY,
  ALFAMART: DAY,
  INDOMARET: DAY,
  BCA: HOUR,
  BNI: HOUR,
  BRI: HOUR,
  MANDIRI: HOUR,
  PERMATA: HOUR,
  TEST_TOPUP: 0,
};

export function settlementDelayMs(channel: string, delays: Readonly<Record<string, number>>): number {
  return delays[channel] ?? delays.default ?? DEFAULT_SETTLEMENT_DELAYS_MS[channel] ?? DAY;
}

/**
 * `CREDIT_CARD=2d,OVO=12h,default=1d` (units ms, s, m, h, d) over the defaults. Returns the
 * problems instead of throwing so configuration errors read as one line each.
 */
export function parseSettlementDelays(text: string | undefined): {
  delays: Record<string, number>;
  problems: string[];
} {
  const delays: Record<string, number> = { ...DEFAULT_SETTLEMENT_DELAYS_MS };
  const problems: string[] = [];
  if (!text?.trim()) return { delays, problems };
  for (const part of text.split(',')) {
    const match = /^\s*([A-Za-z0-9_]{1,64})\s*=\s*(\d{1,12})(ms|s|m|h|d)?\s*$/.exec(part);
    if (!match) {
      problems.push(`LEDGER_SETTLEMENT_DELAYS: "${part}" is not CHANNEL=<number><ms|s|m|h|d>`);
      continue;
    }
    const unit = { ms: 1, s: 1000, m: 60_000, h: HOUR, d: DAY }[(match[3] ?? 'ms') as 'ms' | 's' | 'm' | 'h' | 'd'];
    delays[match[1]] = Number(match[2]) * unit;
  }
  return { delays, problems };
}
