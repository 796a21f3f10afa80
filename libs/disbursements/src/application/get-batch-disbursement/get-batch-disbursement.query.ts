import { Query } from '@nestjs/cqrs';
import type { DisbursementView } from '../disbursement-view';

/** A batch as its items stand now. */
export interface BatchDisbursementView {
  batchId: string;
  businessId: string;
  /** The merchant's `reference`; undefined for batches made before it was recorded. */
  reference?: string;
  /** Its disbursements in the batch's order. */
  items: DisbursementView[];
}

/**
 * GET /batch_disbursements/{id}: the batch of the caller's business and mode; DIRECT_DISBURSEMENT_NOT_FOUND_ERROR
 * otherwise.
 */
export class GetBatchDisbursementQuery extends Query<BatchDisbursementView> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly batchId: string,
  ) {
    super();
  }
}
