import { type TransactionSearch, TransactionSearchQuery } from '@gateway/projections';
import type { DisbursementView } from '../disbursement-view';

/** Matches the disbursement id or the external id exactly. */
export type DisbursementSearch = Omit<TransactionSearch, 'excludeRecordedElsewhere'>;

/** Disbursements of a business and mode, newest first, filtered (the dashboard's transactions). */
export class SearchDisbursementsQuery extends TransactionSearchQuery<DisbursementSearch, DisbursementView[]> {}
