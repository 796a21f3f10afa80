import type { Mode } from '@gateway/clock';
import type { DetailContext, TransactionDetail, TransactionSource } from './transaction-source';

/** A payment into a fixed VA or at a till is final once recorded: there is no other status. */
export const FINAL_PAYMENT_STATUS = 'COMPLETED';
const PAYMENT_ID = /^[A-Za-z0-9_-]{1,128}$/;

export interface PaymentSearch {
  id?: string;
  limit: number;
}

/**
 * The detail pages of payments that have no lifecycle of their own (fixed VA and payment-code
 * payments), found by the product's payment search.
 */
export abstract class FinalPaymentsTransactionSource<View> implements TransactionSource {
  abstract readonly id: 'va-payments' | 'payment-code-payments';
  abstract readonly title: string;

  protected abstract find(businessId: string, mode: Mode, search: PaymentSearch): Promise<View[]>;
  protected abstract paymentIdOf(view: View): string;
  protected abstract detailOf(view: View, context: DetailContext): TransactionDetail;

  async detail(context: DetailContext, id: string): Promise<TransactionDetail | undefined> {
    if (!PAYMENT_ID.test(id)) return undefined;
    const view = (await this.find(context.businessId, context.mode, { id, limit: 10 })).find(
      (candidate) => this.paymentIdOf(candidate) === id,
    );
    return view && this.detailOf(view, context);
  }
}
