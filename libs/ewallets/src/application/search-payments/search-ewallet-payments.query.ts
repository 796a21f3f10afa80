import { type TransactionSearch, TransactionSearchQuery } from '@gateway/projections';
import type { EwalletPaymentView } from '../../read-models/ewallet-payment-view';

/** Matches the payment id or the external id exactly; may leave out the payments an invoice recorded. */
export type EwalletPaymentSearch = TransactionSearch;

/** eWallet payments of a business and mode, newest first, filtered (the dashboard's transactions). */
export class SearchEwalletPaymentsQuery extends TransactionSearchQuery<EwalletPaymentSearch, EwalletPaymentView[]> {}
