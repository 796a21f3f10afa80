import type { Mode } from '@gateway/clock';
import type { FactoryProvider } from '@nestjs/common';
import { type IQuery, QueryBus } from '@nestjs/cqrs';
import { html } from '../kit/html';
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
export interface FinalPaymentView {
  payment: { id: string; paymentId: string; amount: number; currency: string; transactionTimestamp: string };
}

/** What a payment went into: a fixed instrument has a page of its own. */
export interface FinalPaymentInstrument {
  externalId: string;
  origin: { kind: string };
}

/** The properties of `T` that hold text (what a plain field of the page can show). */
type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/** What sets one kind of final payment apart: the product's search and the instrument the payment went into. */
export interface FinalPaymentKind<View extends FinalPaymentView, Instrument extends FinalPaymentInstrument> {
  id: 'va-payments' | 'payment-code-payments';
  /** The instrument's own fields (label: property), shown in this order after its link and external id. */
  fields: Record<string, TextKeys<Instrument>>;
  /** The product's payment search (answers `View[]`). */
  search(businessId: string, mode: Mode, search: PaymentSearch): IQuery;
  instrument(view: View): Instrument;
  /** The instrument's label and text, and (when fixed) the dashboard page it links to. */
  link: { label: string; text: (instrument: Instrument) => string; page: (instrument: Instrument) => string };
  /** The audited instrument whose events are the payment's history. */
  historyOf(view: View): HistoryRef;
}

/**
 * The detail pages of payments that have no lifecycle of their own (fixed VA and payment-code
 * payments), found by the product's payment search: the payment's fields around its instrument's.
 */
export class FinalPaymentsTransactionSource<
  View extends FinalPaymentView,
  Instrument extends FinalPaymentInstrument,
> implements TransactionSource {
  readonly id: FinalPaymentKind<View, Instrument>['id'];

  constructor(
    private readonly queries: QueryBus,
    private readonly kind: FinalPaymentKind<View, Instrument>,
  ) {
    this.id = kind.id;
  }

  async detail(context: DetailContext, id: string): Promise<TransactionDetail | undefined> {
    if (!PAYMENT_ID.test(id)) return undefined;
    const views: View[] = await this.queries.execute(
      this.kind.search(context.businessId, context.mode, { id, limit: 10 }),
    );
    const view = views.find((candidate) => candidate.payment.id === id);
    if (!view) return undefined;
    const { payment } = view;
    const fields: TransactionDetail['fields'] = [
      ['Id', payment.id],
      ['Payment id', payment.paymentId],
      ['Status', FINAL_PAYMENT_STATUS],
      ['Amount', formatMoney(payment.amount, payment.currency)],
      ...this.instrumentFields(this.kind.instrument(view)),
      ['Paid at', timeHtml(payment.transactionTimestamp, context.zone)],
    ];
    return { fields, history: this.kind.historyOf(view) };
  }

  /** The instrument the payment went into, between the amount and the time. */
  private instrumentFields(instrument: Instrument): TransactionDetail['fields'] {
    const { label, text, page } = this.kind.link;
    const link = html`<a href="${page(instrument)}">${text(instrument)}</a>`;
    return [
      [label, instrument.origin.kind === 'fixed' ? link : text(instrument)],
      ['External id', instrument.externalId],
      ...Object.entries(this.kind.fields).map(([fieldLabel, key]): [string, string] => [
        fieldLabel,
        instrument[key] as string,
      ]),
    ];
  }
}

/** One kind's source as a Nest provider; its token is what TRANSACTION_SOURCES injects. */
export function finalPaymentsSource<View extends FinalPaymentView, Instrument extends FinalPaymentInstrument>(
  kind: FinalPaymentKind<View, Instrument>,
): FactoryProvider<FinalPaymentsTransactionSource<View, Instrument>> & { provide: string } {
  return {
    provide: `dashboard:transaction-source:${kind.id}`,
    useFactory: (queries: QueryBus) => new FinalPaymentsTransactionSource(queries, kind),
    inject: [QueryBus],
  };
}
