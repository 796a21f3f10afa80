import { Query } from '@nestjs/cqrs';

/** What an invoice needs to offer a fixed VA (`callback_virtual_account_id`). */
export interface FixedVirtualAccountRef {
  vaId: string;
  bankCode: string;
  accountNumber: string;
  name: string;
  /** ACTIVE and not past its expiration date: it can take a payment. */
  payable: boolean;
  /** A closed account takes only this amount. */
  expectedAmount?: number;
  isClosed: boolean;
}

/**
 * A fixed VA of this business and mode, or undefined. A port: declared here (invoices needs it)
 * and answered by the virtual-accounts context, which depends on invoices and not the reverse.
 */
export class FindFixedVirtualAccountQuery extends Query<FixedVirtualAccountRef | undefined> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly vaId: string,
  ) {
    super();
  }
}

/**
 * The invoice a payment of `amount` on this fixed VA pays, if any: the oldest PENDING invoice of
 * the business and mode that offers the account with that transfer amount and has not reached its
 * expiry at `now`. Asked by the virtual-accounts context when a payment arrives.
 */
export class FindInvoiceClaimingVirtualAccountQuery extends Query<string | undefined> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly vaId: string,
    readonly amount: number,
    readonly now: Date,
  ) {
    super();
  }
}
