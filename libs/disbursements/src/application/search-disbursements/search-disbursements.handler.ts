import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import type { DisbursementView } from '../disbursement-view';
import { type DisbursementRow, toView } from '../get-disbursement/disbursement-rows';
import { SearchDisbursementsQuery } from './search-disbursements.query';

@QueryHandler(SearchDisbursementsQuery)
export class SearchDisbursementsHandler implements IQueryHandler<SearchDisbursementsQuery, DisbursementView[]> {
  constructor(private readonly pool: Pool) {}

  async execute(query: SearchDisbursementsQuery): Promise<DisbursementView[]> {
    const { id, status, createdFrom, createdTo, limit } = query.search;
    const { rows } = await this.pool.query<DisbursementRow>(
      `SELECT * FROM disbursements
        WHERE business_id = $1 AND mode = $2
          AND ($3::text IS NULL OR disbursement_id = $3 OR external_id = $3)
          AND ($4::text IS NULL OR status = $4)
          AND ($5::timestamptz IS NULL OR created_at >= $5)
          AND ($6::timestamptz IS NULL OR created_at < $6)
        ORDER BY created_at DESC, disbursement_id
        LIMIT $7`,
      [
        query.businessId,
        query.mode,
        id ?? null,
        status ?? null,
        createdFrom ?? null,
        createdTo ?? null,
        Math.min(Math.max(limit, 1), 500),
      ],
    );
    return rows.map(toView);
  }
}
