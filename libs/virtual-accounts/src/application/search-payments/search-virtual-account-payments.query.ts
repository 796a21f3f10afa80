import type { Mode } from '@gateway/platform';
import { Query } from '@nestjs/cqrs';
import type { VirtualAccountPaymentView } from '../get-virtual-account/get-virtual-account.query';

export interface VirtualAccountPaymentSearch {
  /** Matches the payment id, the account id or the account's external id exactly. */
  id?: string;
  createdFrom?: Date;
  createdTo?: Date;
  limit: number;
}

/** Payments into a business's fixed accounts, newest first (the dashboard's transactions). */
export class SearchVirtualAccountPaymentsQuery extends Query<VirtualAccountPaymentView[]> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly search: VirtualAccountPaymentSearch,
  ) {
    super();
  }
}
