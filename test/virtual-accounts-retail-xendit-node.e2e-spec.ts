import type { ProvisionedBusiness } from '@gateway/accounts';
import Xendit from 'xendit-node';
import { provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The merchant's own client, unchanged (xendit-node 1.22.0): its virtual-account and
 * retail-outlet calls, in the order of its own integration tests (va.test.js, retail_outlet.test.js).
 */
describe('xendit-node 1.22.0 virtual account and retail outlet calls', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  let x: InstanceType<typeof Xendit>;

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
    x = new Xendit({ secretKey: merchant.test.secret_key, xenditURL: gateway.baseUrl });
  });
  afterAll(async () => gateway?.close());

  it('lists banks, creates, gets and updates a fixed VA, and reads a payment', async () => {
    const va = new x.VirtualAcc({});
    const banks = (await va.getVABanks()) as { code: string; name: string }[];
    expect(banks[0]).toEqual({ name: expect.any(String), code: expect.any(String) });
    const created: any = await va.createFixedVA({
      externalID: 'VA-xendit-node-js998877',
      bankCode: banks[0].code,
      name: 'Stanley Nguyen',
      isClosed: true,
      expectedAmt: 10000,
      expirationDate: new Date(Date.now() + 86_400_000),
      description: 'sent by the client, ignored',
    });
    expect(created).toMatchObject({
      external_id: 'VA-xendit-node-js998877',
      bank_code: banks[0].code,
      is_closed: true,
      expected_amount: 10000,
      status: 'ACTIVE',
    });
    const fetched: any = await va.getFixedVA({ id: created.id });
    expect(fetched).toEqual(created);
    const updated: any = await va.updateFixedVA({ id: created.id, expectedAmt: 12000, isSingleUse: true });
    expect(updated).toMatchObject({ id: created.id, expected_amount: 12000, is_single_use: true });

    // A second VA with the same external id works, as it does against the public service.
    expect(
      await va.createFixedVA({
        externalID: 'VA-xendit-node-js998877',
        bankCode: 'BRI',
        name: 'Stanley Nguyen',
        suggestedAmt: 5000,
      }),
    ).toMatchObject({ suggested_amount: 5000 });

    const paid = await fetch(`${gateway.baseUrl}/pool_virtual_accounts/simulate_payment`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${merchant.test.secret_key}:`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        bank_code: created.bank_code,
        bank_account_number: created.account_number,
        transfer_amount: 12000,
      }),
    }).then((r) => r.json() as Promise<{ payment_id: string }>);
    const payment: any = await va.getVAPayment({ paymentID: paid.payment_id });
    expect(payment).toMatchObject({
      payment_id: paid.payment_id,
      callback_virtual_account_id: created.id,
      amount: 12000,
    });
  });

  it('reports gateway errors the way the client expects', async () => {
    const va = new x.VirtualAcc({});
    await expect(va.getFixedVA({ id: '000000000000000000000000' })).rejects.toMatchObject({
      status: 404,
      code: 'CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR',
    });
    await expect(va.createFixedVA({ externalID: 'e', bankCode: 'NOPE', name: 'N' })).rejects.toMatchObject({
      status: 400,
      code: 'BANK_NOT_SUPPORTED_ERROR',
    });
    await expect(va.getVAPayment({ paymentID: 'missing' })).rejects.toMatchObject({
      status: 404,
      code: 'CALLBACK_VIRTUAL_ACCOUNT_PAYMENT_NOT_FOUND_ERROR',
    });
    const ro = new x.RetailOutlet({});
    await expect(
      ro.createFixedPaymentCode({ externalID: '1', retailOutletName: 'ALFAMART', name: 'N', expectedAmt: 1 }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'MINIMUM_EXPECTED_AMOUNT_ERROR',
    });
  });

  it('runs the retail outlet flow: create (trailing slash), get, update, simulate, list payments', async () => {
    const ro = new x.RetailOutlet({});
    const created: any = await ro.createFixedPaymentCode({
      externalID: '123',
      retailOutletName: 'ALFAMART',
      name: 'Ervan Adetya',
      expectedAmt: 10000,
    });
    expect(created).toMatchObject({
      external_id: '123',
      retail_outlet_name: 'ALFAMART',
      expected_amount: 10000,
      prefix: 'TEST',
    });
    const fetched: any = await ro.getFixedPaymentCode({ id: created.id });
    expect(fetched).toEqual(created);
    const updated: any = await ro.updateFixedPaymentCode({ id: fetched.id, expectedAmt: 12000 });
    expect(updated).toMatchObject({ id: created.id, expected_amount: 12000 });
    const simulated: any = await ro.simulatePayment({
      retailOutletName: 'ALFAMART',
      paymentCode: updated.payment_code,
      transferAmount: 12000,
    });
    expect(simulated).toMatchObject({ status: 'COMPLETED', amount: 12000 });
    const payments: any = await ro.getPaymentsByFixedPaymentCodeId({ id: created.id });
    expect(payments.data).toEqual([
      expect.objectContaining({ payment_id: simulated.payment_id, amount: 12000, fixed_payment_code_id: created.id }),
    ]);
  });
});
