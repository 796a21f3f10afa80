import type { Mode } from '@gateway/clock';
import { formatMoney } from '../kit/money-format';
import { timeHtml } from '../kit/viewer-time';
import type { DetailContext, HistoryRef, TransactionDetail, TransactionSource } from './transaction-source';

/** A payment into a fixed VA or at a till is final once recorded: there is no other status. */
const FINAL_PAYMENT_STATUS = 'COMPLETED';
const PAYMENT_ID = /^[A-Za-z0-9_-]{1,128}$/;

export interface PaymentSearch {
  id?: string;
  limit: number;
}

/** What the product's search answers of such a payment (with the instrument it went into). */
interface FinalPaymentView {
  payment: { id: string; paymentId: string; amount: number; currency: string; transactionTimestamp: string };
}

/**
 * The detail pages of payments that have no lifecycle of their own (fixed VA and payment-code
 * payments), found by the product's payment search: the payment's fields around its instrument's.
 */
export abstract class FinalPaymentsTransactionSource<View extends FinalPaymentView> implements TransactionSource {
  abstract readonly id: 'va-payments' | 'payment-code-payments';
  abstract readonly title: string;

  protected abstract find(businessId: string, mode: Mode, search: PaymentSearch): Promise<View[]>;
  /** The instrument the payment went into, as the page shows it (between the amount and the time). */
  protected abstract instrumentFields(view: View): TransactionDetail['fields'];
  /** The audited instrument whose events are the payment's history. */
  protected abstract historyOf(view: View): HistoryRef;

  async detail(context: DetailContext, id: string): Promise<TransactionDetail | undefined> {
    if (!PAYMENT_ID.test(id)) return undefined;
    const views = await this.find(context.businessId, context.mode, { id, limit: 10 });
    const view = views.find((candidate) => candidate.payment.id === id);
    if (!view) return undefined;
    const { payment } = view;
    const fields: TransactionDetail['fields'] = [
      ['Id', payment.id],
      ['Payment id', payment.paymentId],
      ['Status', FINAL_PAYMENT_STATUS],
      ['Amount', formatMoney(payment.amount, payment.currency)],
      ...this.instrumentFields(view),
      ['Paid at', timeHtml(payment.transactionTimestamp, context.zone)],
    ];
    return { fields, history: this.historyOf(view) };
  }
}
