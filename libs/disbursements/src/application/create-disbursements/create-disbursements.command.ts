import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { DisbursementView } from '../disbursement-view';

export interface DisbursementRequest {
  externalId: string;
  amount: number;
  bankCode: string;
  accountHolderName: string;
  accountNumber: string;
  description?: string;
}

/**
 * One disbursement, or a batch: every item is validated, then all are reserved in one decision
 * on the balance (all or none), then created PENDING.
 */
export class CreateDisbursementsCommand extends Command<DisbursementView[]> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly items: DisbursementRequest[],
    readonly context: RequestContext,
    /** A batch: its id and the merchant's `reference` (kept on each item for GET /batch_disbursements/{id}). */
    readonly batch?: { id: string; reference: string },
  ) {
    super();
  }
}
