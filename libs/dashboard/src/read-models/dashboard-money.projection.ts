import type { RecordedEvent } from '@gateway/event-store';
import { DescribedProjection, ReadModelProjection, runPlannedStatements } from '@gateway/projections';
import { Injectable } from '@nestjs/common';
import type { ClientBase, QueryConfig } from 'pg';
import { MONEY_ROW_EVENT_TYPES, type MoneyEventInput, type MoneyRow, moneyRowOf } from './money-rows';

export const DASHBOARD_MONEY_PROJECTION = 'dashboard.money';

/**
 * The finance page's facts (issue 21, item 4): every payment received (sales and test top-ups
 * apart), every refund and payout that reached its recipient, with gross, fee, VAT and net, by
 * product and channel. One row per event, written once per batch; the page sums them per period,
 * day and product.
 */
@ReadModelProjection()
@Injectable()
export class DashboardMoneyProjection extends DescribedProjection {
  constructor() {
    super({ name: DASHBOARD_MONEY_PROJECTION, tables: ['dashboard_money_rows'], eventTypes: MONEY_ROW_EVENT_TYPES });
  }

  async apply(events: RecordedEvent[], tx: ClientBase): Promise<void> {
    await runPlannedStatements(tx, this.plannedStatements(events));
  }

  /** Never reads: one INSERT a batch (none without a money row), sent with the batch's framing. */
  plannedStatements(events: RecordedEvent[]): QueryConfig[] {
    const rows = events
      .map((event) =>
        moneyRowOf({ id: event.id, type: event.type, data: event.data, metadata: event.metadata } as MoneyEventInput),
      )
      .filter((row): row is MoneyRow => row !== undefined);
    if (rows.length === 0) return [];
    return [
      {
        name: 'dashboard_money_insert',
        text:
          `INSERT INTO dashboard_money_rows (event_id, business_id, mode, currency, kind, product, channel, gross, ` +
          `fee, fee_tax, net, occurred_at)
       SELECT "eventId", "businessId", mode, currency, kind, product, channel, gross, fee, "feeTax", net, "occurredAt"
         FROM json_to_recordset($1::json) AS t("eventId" uuid, "businessId" text, mode text, currency text, ` +
          `kind text, product text, channel text,
           gross bigint, fee bigint, "feeTax" bigint, net bigint, "occurredAt" timestamptz)
       ON CONFLICT (event_id) DO NOTHING`,
        values: [JSON.stringify(rows)],
      },
    ];
  }
}
