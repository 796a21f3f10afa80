import type { Mode } from '@gateway/platform';
import type { TransactionDetail, TransactionFilter, TransactionRow, TransactionSource } from './transaction-source';

/** A payment into a fixed VA or at a till is final once recorded: there is no other status. */
const PAID = 'COMPLETED';
const PAYMENT_ID = /^[A-Za-z0-9_-]{1,128}$/;

export interface PaymentSearch {
  id?: string;
  createdFrom?: Date;
  createdTo?: Date;
  limit: number;
  /** The page's list (not a detail look-up): a payment another resource lists as its own is left out. */
  listing?: boolean;
}

/**
 * The transactions page's view of payments that have no lifecycle of their own (fixed VA and
 * payment-code payments): search by id and date, every row COMPLETED, details from the same search.
 */
export abstract class FinalPaymentsTransactionSource<View> implements TransactionSource {
  abstract readonly id: string;
  abstract readonly title: string;
  readonly statuses = [PAID];

  protected abstract find(businessId: string, mode: Mode, search: PaymentSearch): Promise<View[]>;
  protected abstract paymentIdOf(view: View): string;
  protected abstract rowOf(view: View): Omit<TransactionRow, 'source' | 'status'>;
  protected abstract detailOf(view: View): TransactionDetail;

  async search(businessId: string, mode: Mode, filter: TransactionFilter, limit: number): Promise<TransactionRow[]> {
    if (filter.status && filter.status !== PAID) return [];
    const views = await this.find(businessId, mode, { id: filter.id, createdFrom: filter.from, createdTo: filter.to, limit, listing: true });
    return views.map((view) => ({ ...this.rowOf(view), source: this.id, status: PAID }));
  }

  async detail(businessId: string, mode: Mode, id: string): Promise<TransactionDetail | undefined> {
    if (!PAYMENT_ID.test(id)) return undefined;
    const view = (await this.find(businessId, mode, { id, limit: 10 })).find((candidate) => this.paymentIdOf(candidate) === id);
    return view && this.detailOf(view);
  }
}

export const FINAL_PAYMENT_STATUS = PAID;
