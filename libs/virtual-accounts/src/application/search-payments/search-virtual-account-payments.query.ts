import type { Mode } from '@gateway/clock';
import { Query } from '@nestjs/cqrs';
import type { VirtualAccountPaymentView } from '../get-virtual-account/get-virtual-account.query';

export interface VirtualAccountPaymentSearch {
  /** Matches the payment id, the account id or the account's external id exactly. */
  id?: string;
  createdFrom?: Date;
  createdTo?: Date;
  limit: number;
  /**
   * Leave out payments an invoice claimed (`callback_virtual_account_id`, `fixed_va`): the invoice
   * recorded their money and lists them as its payment, so a list of transactions shows each once.
   */
  excludeClaimed?: boolean;
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
