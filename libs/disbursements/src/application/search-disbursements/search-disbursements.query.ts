import { Query } from '@nestjs/cqrs';
import type { DisbursementView } from '../disbursement-view';

export interface DisbursementSearch {
  /** Matches the disbursement id or the external id exactly. */
  id?: string;
  status?: string;
  createdFrom?: Date;
  createdTo?: Date;
  limit: number;
}

/** Disbursements of a business and mode, newest first, filtered (the dashboard's transactions). */
export class SearchDisbursementsQuery extends Query<DisbursementView[]> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly search: DisbursementSearch,
  ) {
    super();
  }
}
