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
  `SELECT charge_id AS id, charge_id, external_id, status, COALESCE(capture_amount, ` +
  `authorized_amount) AS amount, currency,
  masked_card_number, failure_reason, created_at, updated_at, money_recorded_by FROM card_charges`;
const REFUNDS =
  `SELECT refund_id AS id, charge_id, external_id, status, amount, currency,
  NULL::text AS masked_card_number, failure_reason, created_at, updated_at, ` +
  `NULL::jsonb AS money_recorded_by FROM card_refunds`;

@QueryHandler(SearchCardTransactionsQuery)
export class SearchCardTransactionsHandler implements IQueryHandler<
  SearchCardTransactionsQuery,
  CardTransactionView[]
> {
  constructor(private readonly pool: Pool) {}

  async execute(query: SearchCardTransactionsQuery): Promise<CardTransactionView[]> {
    const { kind, id, status, createdFrom, createdTo, limit, excludeRecordedElsewhere } = query.search;
    const { rows } = await this.pool.query<Row>(
      `SELECT * FROM (${kind === 'charge' ? CHARGES : REFUNDS} WHERE business_id = $1 AND mode = $2) t
        WHERE ($3::text IS NULL OR id = $3 OR external_id = $3)
          AND ($4::text IS NULL OR status = $4)
          AND ($5::timestamptz IS NULL OR created_at >= $5)
          AND ($6::timestamptz IS NULL OR created_at < $6)
          AND (NOT $8::boolean OR money_recorded_by IS NULL)
        ORDER BY created_at DESC, id
        LIMIT $7`,
      [
        query.businessId,
        query.mode,
        id ?? null,
        status ?? null,
        createdFrom ?? null,
        createdTo ?? null,
        Math.min(Math.max(limit, 1), 500),
        excludeRecordedElsewhere === true,
      ],
    );
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
