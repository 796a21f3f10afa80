import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { DisbursementErrors } from '../../domain/disbursement.errors';
import { type DisbursementRow, toView } from '../get-disbursement/disbursement-rows';
import { type BatchDisbursementView, GetBatchDisbursementQuery } from './get-batch-disbursement.query';

/** A batch holds at most this many items (the create DTO's limit). */
const MAX_BATCH_ITEMS = 1000;

@QueryHandler(GetBatchDisbursementQuery)
export class GetBatchDisbursementHandler implements IQueryHandler<GetBatchDisbursementQuery, BatchDisbursementView> {
  constructor(private readonly pool: Pool) {}

  async execute(query: GetBatchDisbursementQuery): Promise<BatchDisbursementView> {
    // Items of batches made before the index was recorded come in creation order.
    const { rows } = await this.pool.query<DisbursementRow>(
      `SELECT * FROM disbursements
        WHERE business_id = $1 AND mode = $2 AND batch_id = $3
        ORDER BY batch_index NULLS LAST, created_at, disbursement_id
        LIMIT $4`,
      [query.businessId, query.mode, query.batchId, MAX_BATCH_ITEMS],
    );
    if (rows.length === 0) throw DisbursementErrors.batchNotFound(query.batchId);
    const items = rows.map(toView);
    const reference = items.find((item) => item.batchReference !== undefined)?.batchReference;
    return {
      batchId: query.batchId,
      businessId: query.businessId,
      ...(reference !== undefined && { reference }),
      items,
    };
  }
}
