import { Query } from '@nestjs/cqrs';
import type { DisbursementView } from '../disbursement-view';

/** One disbursement of the caller's business and mode; DIRECT_DISBURSEMENT_NOT_FOUND_ERROR otherwise. */
export class GetDisbursementQuery extends Query<DisbursementView> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly disbursementId: string,
  ) {
    super();
  }
}

/** Every disbursement with this external id (not unique), oldest first; not found when none. */
export class ListDisbursementsByExternalIdQuery extends Query<DisbursementView[]> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly externalId: string,
  ) {
    super();
  }
}
