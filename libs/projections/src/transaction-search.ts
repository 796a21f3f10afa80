import { Query } from '@nestjs/cqrs';
import type { Pool, QueryResultRow } from 'pg';

/** How the dashboard's transaction lists filter one kind of transaction. */
export interface TransactionSearch {
  /** Matches the transaction's id or its external id exactly. */
  id?: string;
  status?: string;
  createdFrom?: Date;
  createdTo?: Date;
  /** At most this many (1 to 500). */
  limit: number;
  /**
   * Leave out the ones another resource recorded the money of (an invoice lists them as its own);
   * only for a read model that records it (`money_recorded_by`).
   */
  excludeRecordedElsewhere?: boolean;
}

/** A search of one business's transactions in one mode, newest first (see `searchNewestFirst`). */
export abstract class TransactionSearchQuery<S extends TransactionSearch, R> extends Query<R> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly search: S,
  ) {
    super();
  }
}

/** Where a search reads: a table, or a subquery with its alias, that has the columns the filters name. */
export interface SearchedRows {
  from: string;
  /** The transaction's own id (the external id is `external_id`); ties of `created_at` are ordered by it. */
  idColumn: string;
  /** It has `money_recorded_by`, set when another resource recorded the transaction's money. */
  recordsMoneyElsewhere: boolean;
}

/** The rows of the query's business and mode that match its search, newest first. */
export async function searchNewestFirst<Row extends QueryResultRow>(
  pool: Pool,
  rows: SearchedRows,
  query: TransactionSearchQuery<TransactionSearch, unknown>,
): Promise<Row[]> {
  const { id, status, createdFrom, createdTo, limit, excludeRecordedElsewhere } = query.search;
  const params = [
    query.businessId,
    query.mode,
    id ?? null,
    status ?? null,
    createdFrom ?? null,
    createdTo ?? null,
    Math.min(Math.max(limit, 1), 500),
    ...(rows.recordsMoneyElsewhere ? [excludeRecordedElsewhere === true] : []),
  ];
  const result = await pool.query<Row>(
    `SELECT * FROM ${rows.from}
      WHERE business_id = $1 AND mode = $2
        AND ($3::text IS NULL OR ${rows.idColumn} = $3 OR external_id = $3)
        AND ($4::text IS NULL OR status = $4)
        AND ($5::timestamptz IS NULL OR created_at >= $5)
        AND ($6::timestamptz IS NULL OR created_at < $6)
        ${rows.recordsMoneyElsewhere ? 'AND (NOT $8::boolean OR money_recorded_by IS NULL)' : ''}
      ORDER BY created_at DESC, ${rows.idColumn}
      LIMIT $7`,
    params,
  );
  return result.rows;
}
