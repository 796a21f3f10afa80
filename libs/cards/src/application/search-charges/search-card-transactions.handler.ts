import { searchNewestFirst } from '@gateway/projections';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { type CardTransactionView, SearchCardTransactionsQuery } from './search-card-transactions.query';

interface Row {
  id: string;
  charge_id: string;
  external_id: string;
  status: string;
  amount: string;
  currency: string;
  masked_card_number: string | null;
  failure_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

const CHARGES =
  `(SELECT charge_id AS id, charge_id, business_id, mode, external_id, status, ` +
  `COALESCE(capture_amount, authorized_amount) AS amount, currency,
  masked_card_number, failure_reason, created_at, updated_at, money_recorded_by FROM card_charges) t`;
const REFUNDS =
  `(SELECT refund_id AS id, charge_id, business_id, mode, external_id, status, amount, currency,
  NULL::text AS masked_card_number, failure_reason, created_at, updated_at, ` +
  `NULL::jsonb AS money_recorded_by FROM card_refunds) t`;

@QueryHandler(SearchCardTransactionsQuery)
export class SearchCardTransactionsHandler implements IQueryHandler<SearchCardTransactionsQuery> {
  constructor(private readonly pool: Pool) {}

  async execute(query: SearchCardTransactionsQuery): Promise<CardTransactionView[]> {
    const { kind } = query.search;
    const from = kind === 'charge' ? CHARGES : REFUNDS;
    const rows = await searchNewestFirst<Row>(this.pool, { from, idColumn: 'id', recordsMoneyElsewhere: true }, query);
    return rows.map((row) => ({
      kind,
      id: row.id,
      chargeId: row.charge_id,
      externalId: row.external_id,
      status: row.status,
      amount: Number(row.amount),
      currency: row.currency,
      ...(row.masked_card_number && { maskedCardNumber: row.masked_card_number }),
      ...(row.failure_reason && { failureReason: row.failure_reason }),
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    }));
  }
}
