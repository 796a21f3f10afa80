import { deciderSpec, moneyInReceived } from '@gateway/testing';
import { type InvoiceCommand, invoiceDecider, type PaymentInput } from './invoice.decider';
import type { InvoiceEvent, InvoiceSnapshot } from './invoice.events';

const now = new Date('2026-11-23T03:00:00.000Z');
const later = new Date('2026-11-23T04:00:00.000Z');
const spec = deciderSpec(invoiceDecider);
const base: Omit<InvoiceSnapshot, 'status' | 'updatedAt'> = {
  invoiceId: 'a'.repeat(24),
  businessId: 'biz_1',
  mode: 'test',
  externalId: 'ext-1',
  merchantName: 'Shop',
  payerEmail: 'p@example.com',
  description: 'Order',
  amount: 150_000,
  currency: 'IDR',
  paymentMethods: ['BCA'],
  banks: [
    {
      bankCode: 'BCA',
      accountNumber: '12345000001',
      transferAmount: 150_000,
      identityAmount: 0,
      accountHolderName: 'Shop',
    },
  ],
  retailOutlets: [],
  shouldSendEmail: false,
  shouldExcludeCreditCard: true,
  fixedVa: false,
  clientType: 'API_GATEWAY',
  invoiceUrl: 'http://localhost/web/invoices/x',
  expiryDate: '2026-11-24T03:00:00.000Z',
  createdAt: now.toISOString(),
};
const pending: InvoiceSnapshot = { ...base, status: 'PENDING', updatedAt: now.toISOString() };
const payment: PaymentInput = {
  method: 'BANK_TRANSFER',
  channel: 'BCA',
  destination: '12345000001',
  paymentId: 'pay1',
  amount: 150_000,
  fee: 4350,
  feeTax: 479,
};
const created: InvoiceEvent = { type: 'InvoiceCreated', data: { invoice: pending } };
const paidInvoice: InvoiceSnapshot = {
  ...pending,
  status: 'PAID',
  updatedAt: later.toISOString(),
  payment: {
    method: 'BANK_TRANSFER',
    channel: 'BCA',
    destination: '12345000001',
    paymentId: 'pay1',
    amount: 150_000,
    paidAt: later.toISOString(),
  },
};
const paid: InvoiceEvent = { type: 'InvoicePaid', data: { invoice: paidInvoice } };
const received: InvoiceEvent = moneyInReceived(
  {
    movementId: `invoice_${pending.invoiceId}`,
    source: { context: 'invoices', resourceId: pending.invoiceId },
    channel: 'BCA',
  },
  { grossAmount: 150_000, fee: 4350, feeTax: 479 },
  later.toISOString(),
);
const expired: InvoiceEvent = {
  type: 'InvoiceExpired',
  data: {
    invoice: {
      ...pending,
      status: 'EXPIRED',
      expiryDate: later.toISOString(),
      expiredAt: later.toISOString(),
      updatedAt: later.toISOString(),
    },
  },
};
const settled: InvoiceEvent = {
  type: 'InvoiceSettled',
  data: {
    invoice: { ...paidInvoice, status: 'SETTLED', settledAt: later.toISOString(), updatedAt: later.toISOString() },
  },
};
const id = pending.invoiceId;
/** The merchant creates `invoice` (by default the base one) at `now`. */
const create = (invoice = base, magicPayment?: PaymentInput): InvoiceCommand => ({
  type: 'CreateInvoice',
  invoice,
  ...(magicPayment && { magicPayment }),
  now,
});
const pay = (amount = 150_000): InvoiceCommand => ({
  type: 'PayInvoice',
  invoiceId: id,
  payment: { ...payment, amount },
  now: later,
});
const expire: InvoiceCommand = { type: 'ExpireInvoice', invoiceId: id, now: later };
const settle: InvoiceCommand = { type: 'SettleInvoice', invoiceId: id, now: later };

describe('invoice decider', () => {
  it('(new) → PENDING on create', () => spec.given([]).when(create()).then([created]));
  it('(new) → PAID at once for a test-mode magic amount, with MoneyInReceived', () => {
    const magic = { ...base, amount: 3_000_000 };
    const events = invoiceDecider.decide(create(magic, { ...payment, amount: 3_000_000 }), invoiceDecider.initialState);
    expect(events.map((e) => e.type)).toEqual(['InvoiceCreated', 'InvoicePaid', 'MoneyInReceived']);
  });
  it('refuses a magic payment in live mode', () =>
    spec
      .given([])
      .when(create({ ...base, mode: 'live', amount: 3_000_000 }, payment))
      .thenThrows('TEST_MODE_ONLY_ERROR'));
  it.each([
    [10_999, 'MINIMAL_TRANSFER_AMOUNT_ERROR'],
    [1_000_000_001, 'MAXIMUM_TRANSFER_AMOUNT_ERROR'],
    [11_000.5, 'API_VALIDATION_ERROR'],
  ])('refuses amounts outside 11,000–1,000,000,000 with the spec codes (issue 19, item 1): %s, %s', (amount, code) =>
    spec
      .given([])
      .when(create({ ...base, amount }))
      .thenThrows(code),
  );
  it('takes 10,000 for an invoice a recurring payment issues, and not 9,999 (issue 19, item 2)', () => {
    const recurring = { ...base, amount: 10_000, recurringPaymentId: 'rp_1' };
    expect(invoiceDecider.decide(create(recurring), invoiceDecider.initialState).map((e) => e.type)).toEqual([
      'InvoiceCreated',
    ]);
    spec
      .given([])
      .when(create({ ...recurring, amount: 9_999 }))
      .thenThrows('MINIMAL_TRANSFER_AMOUNT_ERROR');
    spec
      .given([])
      .when(create({ ...base, amount: 10_000 }))
      .thenThrows('MINIMAL_TRANSFER_AMOUNT_ERROR');
  });
  it('refuses an invoice without any method: NO_COLLECTION_METHODS_ERROR', () =>
    spec
      .given([])
      .when(create({ ...base, paymentMethods: [] }))
      .thenThrows('NO_COLLECTION_METHODS_ERROR'));
  it('refuses a second create', () => spec.given([created]).when(create()).thenThrows('DUPLICATE_INVOICE_ERROR'));
  it('PENDING → PAID by the exact amount, with MoneyInReceived in the same append', () =>
    spec.given([created]).when(pay()).then([paid, received]));
  it('refuses another amount', () => spec.given([created]).when(pay(149_999)).thenThrows('INVALID_AMOUNT_ERROR'));
  it('PENDING → EXPIRED', () => spec.given([created]).when(expire).then([expired]));
  it(
    'an early expire! sets expiry_date to the moment of expiry; ' +
      'the timer (on time or late) keeps its date (issue 19, item 4)',
    () => {
      const lateRun = new Date('2026-11-24T03:00:05.000Z');
      spec
        .given([created])
        .when({ type: 'ExpireInvoice', invoiceId: id, now: lateRun })
        .then([
          {
            type: 'InvoiceExpired',
            data: {
              invoice: {
                ...pending,
                status: 'EXPIRED',
                expiredAt: lateRun.toISOString(),
                updatedAt: lateRun.toISOString(),
              },
            },
          },
        ]);
    },
  );
  it('PAID → SETTLED when the ledger settles', () =>
    spec.given([created, paid, received]).when(settle).then([settled]));
  it('a replayed settlement changes nothing', () =>
    spec.given([created, paid, received, settled]).when(settle).then([]));
  describe('a payment already made on a method committed to the invoice (eWallet checkout, fixed VA)', () => {
    const dana: PaymentInput = {
      method: 'EWALLET',
      channel: 'DANA',
      destination: '',
      paymentId: 'ewallet_1',
      amount: 150_000,
      fee: 2250,
      feeTax: 248,
    };
    const claim = (input = dana): InvoiceCommand => ({
      type: 'RecordClaimedPayment',
      invoiceId: id,
      payment: input,
      now: later,
    });
    const surplus = (status: string, input = dana): InvoiceEvent[] => [
      {
        type: 'InvoiceSurplusPaymentReceived',
        data: {
          invoiceId: id,
          invoiceStatus: status as never,
          payment: {
            method: input.method,
            channel: input.channel,
            destination: '',
            paymentId: input.paymentId,
            amount: input.amount,
            paidAt: later.toISOString(),
          },
        },
      },
      {
        type: 'MoneyInReceived',
        data: {
          ...(received.data as object),
          movementId: `invoicesurplus_${input.paymentId}`,
          channel: input.channel,
          grossAmount: input.amount,
          fee: input.fee,
          feeTax: input.feeTax,
        },
      } as InvoiceEvent,
    ];
    const paidByDana: InvoiceEvent = {
      type: 'InvoicePaid',
      data: {
        invoice: {
          ...pending,
          status: 'PAID',
          updatedAt: later.toISOString(),
          payment: {
            method: 'EWALLET',
            channel: 'DANA',
            destination: '',
            paymentId: 'ewallet_1',
            amount: 150_000,
            paidAt: later.toISOString(),
          },
        },
      },
    };
    const receivedByDana = {
      ...received,
      data: { ...(received.data as object), channel: 'DANA', fee: 2250, feeTax: 248 },
    } as InvoiceEvent;

    it('PENDING → PAID with MoneyInReceived, like any payment', () =>
      spec.given([created]).when(claim()).then([paidByDana, receivedByDana]));
    it('a replay of the payment that paid it changes nothing', () =>
      spec.given([created, paidByDana, receivedByDana]).when(claim()).then([]));
    it('paid by another method meanwhile: the money is recorded as surplus, the invoice stays PAID', () =>
      spec.given([created, paid, received]).when(claim()).then(surplus('PAID')));
    it('expired meanwhile: surplus', () => spec.given([created, expired]).when(claim()).then(surplus('EXPIRED')));
    it('another amount: surplus (the invoice is not paid by a wrong amount)', () =>
      spec
        .given([created])
        .when(claim({ ...dana, amount: 10_000 }))
        .then(surplus('PENDING', { ...dana, amount: 10_000 })));
    it('a replayed surplus changes nothing', () =>
      spec
        .given([created, expired, ...surplus('EXPIRED')])
        .when(claim())
        .then([]));
    it('an unknown invoice', () => spec.given([]).when(claim()).thenThrows('INVOICE_NOT_FOUND_ERROR'));
  });

  it.each([
    ['pay a PAID invoice', [created, paid, received], pay(), 'INVOICE_NOT_PENDING_ERROR'],
    ['pay an EXPIRED invoice', [created, expired], pay(), 'INVOICE_NOT_PENDING_ERROR'],
    ['pay a SETTLED invoice', [created, paid, received, settled], pay(), 'INVOICE_NOT_PENDING_ERROR'],
    ['expire a PAID invoice', [created, paid, received], expire, 'INVOICE_NOT_PENDING_ERROR'],
    ['expire an EXPIRED invoice', [created, expired], expire, 'INVOICE_NOT_PENDING_ERROR'],
    ['expire a SETTLED invoice', [created, paid, received, settled], expire, 'INVOICE_NOT_PENDING_ERROR'],
    ['settle a PENDING invoice', [created], settle, 'INVOICE_NOT_PENDING_ERROR'],
    ['settle an EXPIRED invoice', [created, expired], settle, 'INVOICE_NOT_PENDING_ERROR'],
    ['pay an unknown invoice', [], pay(), 'INVOICE_NOT_FOUND_ERROR'],
    ['expire an unknown invoice', [], expire, 'INVOICE_NOT_FOUND_ERROR'],
    ['settle an unknown invoice', [], settle, 'INVOICE_NOT_FOUND_ERROR'],
  ] as [string, InvoiceEvent[], InvoiceCommand, string][])('illegal: %s', (_, history, command, code) =>
    spec.given(history).when(command).thenThrows(code),
  );
});
