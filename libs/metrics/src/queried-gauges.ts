import type { Pool } from 'pg';
import type { PublishedGauge } from './publish-gauges';

/** A gauge read by one query at scrape time. */
export interface QueriedGauge {
  name: string;
  help: string;
  /** Answers the value as text in a column `value` (Postgres counts and epochs are bigint or numeric). */
  sql: string;
}

/** One number: the `value` of the query's first row, `whenNull` where it is NULL (0 if not given). */
export type ValueGaugeQuery = QueriedGauge & { whenNull?: number };

/** One number per value of `label`: the query answers rows of (`label`, `value`). */
export type LabelledGaugeQuery = QueriedGauge & { label: string; always?: readonly string[] };

/** Either kind: a query that names a `label` is a labelled gauge. */
export type GaugeQuery = ValueGaugeQuery | LabelledGaugeQuery;

export function queriedGauge(pool: Pool, gauge: GaugeQuery): PublishedGauge {
  return 'label' in gauge ? queriedLabelledGauge(pool, gauge) : queriedValueGauge(pool, gauge);
}

/** One number: the `value` of the query's first row, `whenNull` where it is NULL. */
export function queriedValueGauge(pool: Pool, gauge: ValueGaugeQuery): PublishedGauge {
  return {
    name: gauge.name,
    help: gauge.help,
    async collect() {
      const { rows } = await pool.query<{ value: string | null }>(gauge.sql);
      const value = rows[0]?.value ?? null;
      this.set(value === null ? (gauge.whenNull ?? 0) : Number(value));
    },
  };
}

/**
 * One number per value of a label: the query answers rows of (`label`, `value`). The values of `always` are published
 * on every scrape, 0 when no row names them; a value a scrape no longer sees otherwise disappears.
 */
export function queriedLabelledGauge(pool: Pool, gauge: LabelledGaugeQuery): PublishedGauge {
  return {
    name: gauge.name,
    help: gauge.help,
    labelNames: [gauge.label],
    async collect() {
      const { rows } = await pool.query<{ label: string; value: string }>(gauge.sql);
      const values = new Map(rows.map((row) => [row.label, Number(row.value)]));
      this.reset();
      for (const label of new Set([...(gauge.always ?? []), ...values.keys()])) {
        this.set({ [gauge.label]: label }, values.get(label) ?? 0);
      }
    },
  };
}
