import { Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import type { MoneyRowKind } from './money-rows';

export interface FinancePeriod {
  businessId: string;
  mode: 'test' | 'live';
  currency: string;
  from: Date;
  /** Exclusive. */
  to: Date;
  /** Days are the viewer's calendar days. */
  zone: string;
}

/** Sums of one kind of money fact: minor units as bigint (exact whatever the volume). */
export interface MoneySums {
  count: number;
  gross: bigint;
  fee: bigint;
  feeTax: bigint;
  net: bigint;
}

export type FinanceTotals = Record<MoneyRowKind, MoneySums>;

export interface ProductSums extends MoneySums {
  kind: MoneyRowKind;
  product: string;
}

export interface DaySums {
  /** `YYYY-MM-DD` in the viewer's zone. */
  day: string;
  sales: bigint;
  fees: bigint;
  net: bigint;
  refunds: bigint;
  payouts: bigint;
  topUps: bigint;
}

const EMPTY = (): MoneySums => ({ count: 0, gross: 0n, fee: 0n, feeTax: 0n, net: 0n });

interface SumRow {
  kind: MoneyRowKind;
  product?: string;
  count: string;
  gross: string;
  fee: string;
  fee_tax: string;
  net: string;
}

const sumsOf = (row: SumRow): MoneySums => ({
  count: Number(row.count),
  gross: BigInt(row.gross),
  fee: BigInt(row.fee),
  feeTax: BigInt(row.fee_tax),
  net: BigInt(row.net),
});

const SUMS =
  `count(*)::text AS count, coalesce(sum(gross), 0)::text AS gross, coalesce(sum(fee), 0)::text AS fee, ` +
  `coalesce(sum(fee_tax), 0)::text AS fee_tax, coalesce(sum(net), 0)::text AS net`;
const PERIOD = `business_id = $1 AND mode = $2 AND currency = $3 AND occurred_at >= $4 AND occurred_at < $5`;

/** The finance page's figures, summed in PostgreSQL from dashboard.money (numeric sums, returned as text: exact). */
@Injectable()
export class FinanceReader {
  constructor(private readonly pool: Pool) {}

  async currencies(businessId: string, mode: 'test' | 'live'): Promise<string[]> {
    const { rows } = await this.pool.query<{ currency: string }>(
      'SELECT DISTINCT currency FROM dashboard_money_rows WHERE business_id = $1 AND mode = $2 ORDER BY currency',
      [businessId, mode],
    );
    return rows.map((row) => row.currency);
  }

  async totals(period: FinancePeriod): Promise<FinanceTotals> {
    const { rows } = await this.pool.query<SumRow>(
      `SELECT kind, ${SUMS} FROM dashboard_money_rows WHERE ${PERIOD} GROUP BY kind`,
      this.parameters(period),
    );
    const totals: FinanceTotals = { sale: EMPTY(), top_up: EMPTY(), refund: EMPTY(), payout: EMPTY() };
    for (const row of rows) totals[row.kind] = sumsOf(row);
    return totals;
  }

  async byProduct(period: FinancePeriod): Promise<ProductSums[]> {
    const { rows } = await this.pool.query<SumRow>(
      `SELECT kind, product, ${SUMS} FROM dashboard_money_rows WHERE ${PERIOD} GROUP BY kind, ` +
        `product ORDER BY array_position(ARRAY['sale', 'refund', 'payout', 'top_up'], kind), sum(gross) DESC, product`,
      this.parameters(period),
    );
    return rows.map((row) => ({ kind: row.kind, product: row.product!, ...sumsOf(row) }));
  }

  /** Every day of the period, also those without money (zeros), in the viewer's zone. */
  async byDay(period: FinancePeriod, days: string[]): Promise<DaySums[]> {
    const { rows } = await this.pool.query<{
      day: string;
      kind: MoneyRowKind;
      gross: string;
      fees: string;
      net: string;
    }>(
      `SELECT to_char((occurred_at AT TIME ZONE $6)::date, 'YYYY-MM-DD') AS day, kind,
              sum(gross)::text AS gross, sum(fee + fee_tax)::text AS fees, sum(net)::text AS net
         FROM dashboard_money_rows WHERE ${PERIOD} GROUP BY 1, 2`,
      [...this.parameters(period), period.zone],
    );
    const byDay = new Map(
      days.map((day) => [day, { day, sales: 0n, fees: 0n, net: 0n, refunds: 0n, payouts: 0n, topUps: 0n }]),
    );
    for (const row of rows) {
      const entry = byDay.get(row.day);
      if (!entry) continue;
      if (row.kind === 'sale') {
        entry.sales += BigInt(row.gross);
        entry.fees += BigInt(row.fees);
        entry.net += BigInt(row.net);
      } else if (row.kind === 'refund') entry.refunds += BigInt(row.gross);
      else if (row.kind === 'payout') entry.payouts += BigInt(row.gross);
      else entry.topUps += BigInt(row.gross);
    }
    return [...byDay.values()];
  }

  private parameters(period: FinancePeriod): unknown[] {
    return [period.businessId, period.mode, period.currency, period.from, period.to];
  }
}
