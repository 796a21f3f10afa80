import type { Mode } from '@gateway/clock';
import { Query } from '@nestjs/cqrs';
import type { EwalletPaymentView } from '../../read-models/ewallet-payment-view';

export interface EwalletPaymentSearch {
  /** Matches the payment id or the external id exactly. */
  id?: string;
  status?: string;
  createdFrom?: Date;
  createdTo?: Date;
  limit: number;
  /** Leave out payments another resource recorded the money of (an invoice lists them as its own). */
  excludeRecordedElsewhere?: boolean;
}

/** eWallet payments of a business and mode, newest first, filtered (the dashboard's transactions). */
export class SearchEwalletPaymentsQuery extends Query<EwalletPaymentView[]> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly search: EwalletPaymentSearch,
  ) {
    super();
  }
}
