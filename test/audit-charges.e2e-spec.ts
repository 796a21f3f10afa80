import { type ProvisionedBusiness } from '@gateway/accounts';
import { randomUUID } from 'node:crypto';
import { TEST_CARDS, tokenize, updateTestSettings } from './support/cards';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';

/** Issue 10: the history and `as_of` of a charge through capture and two refunds. */
describe('audit of a card charge', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  const api = (key: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    call(gateway.baseUrl, key, method, path, { body, headers });

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
    await updateTestSettings(gateway.app, merchant.business_id, { optionalAuthentication: true });
  });
  afterAll(async () => gateway?.close());

  it('shows authorization, capture and two refunds in order, and the state as of each revision and time', async () => {
    const owner = merchant.test.secret_key;
    const auditor = (await api(owner, 'POST', '/api_keys', { name: 'auditor', permissions: ['audit:read'] })).body
      .key as string;
    expect((await api(owner, 'POST', '/balance/top_up', { amount: 1_000_000 })).status).toBe(200);
    const token = (
      await tokenize(gateway.baseUrl, merchant.test.public_key, TEST_CARDS.enrolledVisa, { multiple: true })
    ).body.id;
    const authorized = await api(owner, 'POST', '/credit_card_charges', {
      token_id: token,
      external_id: `order-${randomUUID()}`,
      amount: 200_000,
      capture: false,
    });
    expect(authorized.body.status).toBe('AUTHORIZED');
    const id = authorized.body.id as string;
    const beforeCapture = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await api(owner, 'POST', `/credit_card_charges/${id}/capture`, { amount: 150_000 })).body.status).toBe(
      'CAPTURED',
    );
    const sync = { 'api-version': '2019-05-01' };
    for (const amount of [40_000, 25_000]) {
      const refund = await api(
        owner,
        'POST',
        `/credit_card_charges/${id}/refunds`,
        { external_id: `refund-${randomUUID()}`, amount },
        sync,
      );
      expect(refund.body.status).toBe('SUCCEEDED');
    }

    const history = await eventually(
      () => api(auditor, 'GET', `/events?resource=charge&id=${id}`),
      (r) => r.status === 200 && r.body.data.filter((e: any) => e.type === 'CardRefundSucceeded').length === 2,
    );
    const types = history.body.data.map((e: any) => e.type);
    expect(types.slice(0, 2)).toEqual(['CardChargeCreated', 'CardChargeCaptured']);
    expect(types.filter((t: string) => t.startsWith('CardRefund'))).toEqual([
      'CardRefundRequested',
      'CardRefundSucceeded',
      'CardRefundRequested',
      'CardRefundSucceeded',
    ]);
    expect(types).toContain('MoneyInReceived');
    expect(JSON.stringify(history.body)).not.toContain(TEST_CARDS.enrolledVisa);

    const stateAt = async (asOf: string) =>
      (await api(auditor, 'GET', `/events/state?resource=charge&id=${id}&as_of=${encodeURIComponent(asOf)}`)).body
        .state;
    expect(await stateAt('0')).toMatchObject({ status: 'AUTHORIZED', refunds: {} });
    expect(await stateAt(beforeCapture)).toMatchObject({ status: 'AUTHORIZED' });
    const last = String(history.body.data.length - 1);
    const final = await stateAt(last);
    expect(final).toMatchObject({ status: 'CAPTURED', captureAmount: 150_000 });
    expect(Object.values(final.refunds).map((r: any) => [r.snapshot.amount, r.status])).toEqual([
      [40_000, 'SUCCEEDED'],
      [25_000, 'SUCCEEDED'],
    ]);
    const afterFirstRefund = history.body.data.findIndex((e: any) => e.type === 'CardRefundSucceeded');
    const middle = await stateAt(String(afterFirstRefund));
    expect(Object.values(middle.refunds).map((r: any) => r.status)).toEqual(['SUCCEEDED']);
  });

  it('finds an eWallet payment by type and external id, as the API looks it up', async () => {
    const owner = merchant.test.secret_key;
    const auditor = (await api(owner, 'POST', '/api_keys', { name: 'auditor 2', permissions: ['audit:read'] })).body
      .key as string;
    const externalId = `dana-${randomUUID()}`;
    const created = await api(owner, 'POST', '/ewallets', {
      external_id: externalId,
      amount: 50_000,
      callback_url: 'https://shop.example/cb',
      redirect_url: 'https://shop.example/thanks',
      ewallet_type: 'DANA',
    });
    expect(created.status).toBe(200);
    const history = await api(
      auditor,
      'GET',
      `/events?resource=ewallet_payment&id=${encodeURIComponent(`DANA:${externalId}`)}`,
    );
    expect(history.status).toBe(200);
    expect(history.body.data.length).toBeGreaterThan(0);
    const state = await api(
      auditor,
      'GET',
      `/events/state?resource=ewallet_payment&id=${encodeURIComponent(`DANA:${externalId}`)}&as_of=0`,
    );
    expect(state.status).toBe(200);
    expect(JSON.stringify(state.body.state)).toContain(externalId);
  });
});
