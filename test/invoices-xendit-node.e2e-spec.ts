import type { ProvisionedBusiness } from '@gateway/accounts';
import Xendit from 'xendit-node';
import { provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

/** The merchant's own client, unchanged (xendit-node 1.22.0): its invoice and recurring calls succeed. */
describe('xendit-node 1.22.0 invoice and recurring calls', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  let x: InstanceType<typeof Xendit>;

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
    x = new Xendit({ secretKey: merchant.test.secret_key, xenditURL: gateway.baseUrl });
  });
  afterAll(async () => gateway?.close());

  it('createInvoice, getInvoice, getAllInvoices, expireInvoice', async () => {
    const invoices = new x.Invoice({});
    const created: any = await invoices.createInvoice({
      externalID: `xn-${Date.now()}`,
      payerEmail: 'example@gmail.com',
      description: 'Invoice for Shoes Purchase',
      amount: 100000,
      shouldSendEmail: false,
      items: [{ name: 'Shoes', quantity: 1, price: 100000 }],
      paymentMethods: ['BCA', 'ALFAMART'],
      successRedirectURL: 'https://example.com/ok',
    });
    expect(created).toMatchObject({ id: expect.any(String), status: 'PENDING', amount: 100000 });
    const got: any = await invoices.getInvoice({ invoiceID: created.id });
    expect(got.id).toBe(created.id);
    const all: any = await invoices.getAllInvoices({
      statuses: ['PENDING'],
      limit: 5,
      createdAfter: new Date(Date.now() - 86_400_000 * 400),
      clientTypes: ['API_GATEWAY'],
    });
    expect(all.map((invoice: { id: string }) => invoice.id)).toContain(created.id);
    const expired: any = await invoices.expireInvoice({ invoiceID: created.id });
    expect(expired.status).toBe('EXPIRED');
  });

  it('createPayment (trailing slash), getPayment, editPayment, pausePayment, resumePayment, stopPayment', async () => {
    const rp = new x.RecurringPayment({});
    const created: any = await rp.createPayment({
      externalID: `xn-rp-${Date.now()}`,
      payerEmail: 'test@xendit.co',
      description: 'Monthly',
      amount: 100000,
      interval: x.RecurringPayment.Interval.Month,
      intervalCount: 1,
      totalRecurrence: 3,
      missedPaymentAction: x.RecurringPayment.Action.Ignore,
    });
    expect(created).toMatchObject({ id: expect.any(String), status: 'ACTIVE' });
    expect(((await rp.getPayment({ id: created.id })) as any).id).toBe(created.id);
    expect(
      (await rp.editPayment({ id: created.id, amount: 200000, interval: x.RecurringPayment.Interval.Week })) as any,
    ).toMatchObject({ amount: 200000, interval: 'WEEK' });
    expect(((await rp.pausePayment({ id: created.id })) as any).status).toBe('PAUSED');
    expect(((await rp.resumePayment({ id: created.id })) as any).status).toBe('ACTIVE');
    expect(((await rp.stopPayment({ id: created.id })) as any).status).toBe('STOPPED');
    const listed: any = await new x.Invoice({}).getAllInvoices({ recurringPaymentID: created.id });
    expect(Array.isArray(listed)).toBe(true);
  });
});
