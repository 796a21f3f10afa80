import { PAYMENT_CHANNELS } from '@gateway/domain';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';
import { CreateApiKeyCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { CommandBus } from '@nestjs/cqrs';
import { TEST_CARDS, tokenize, updateTestSettings } from './support/cards';

describe('payment channels', () => {
  let gateway: TestApp;
  let business: ProvisionedBusiness;
  const api = (key: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    call(gateway.baseUrl, key, method, path, { body, headers });

  beforeAll(async () => {
    gateway = await startTestApp();
    business = await provisionBusiness(gateway.app);
  });
  afterAll(async () => gateway.close());

  it('lists every channel once per currency, all enabled by default, with is_livemode from the key', async () => {
    const test = await api(business.test.secret_key, 'GET', '/payment_channels');
    expect(test.status).toBe(200);
    expect(test.body).toHaveLength(PAYMENT_CHANNELS.length);
    expect(test.body).toContainEqual({
      business_id: business.business_id,
      is_livemode: false,
      channel_code: 'BCA',
      name: 'Bank Central Asia',
      currency: 'IDR',
      channel_category: 'VIRTUAL_ACCOUNT',
      is_enabled: true,
    });
    expect(new Set(test.body.map((c: any) => `${c.channel_code}/${c.currency}`)).size).toBe(test.body.length);
    expect(new Set(test.body.map((c: any) => c.channel_category))).toEqual(
      new Set(['VIRTUAL_ACCOUNT', 'RETAIL_OUTLET', 'EWALLET', 'CREDIT_CARD']),
    );
    const live = await api(business.live.secret_key, 'GET', '/payment_channels');
    expect(live.body.every((c: any) => c.is_livemode === true && c.is_enabled)).toBe(true);
  });

  it(
    'enables and disables channels through the settings API, ' + 'per mode, and a disabled channel refuses payments',
    async () => {
      const set = await api(business.test.secret_key, 'PATCH', '/settings', {
        enabled_payment_channels: ['BCA', 'OVO', 'CREDIT_CARD'],
      });
      expect(set.status).toBe(200);
      const channels = (await api(business.test.secret_key, 'GET', '/payment_channels')).body;
      expect(
        channels
          .filter((c: any) => c.is_enabled)
          .map((c: any) => c.channel_code)
          .sort(),
      ).toEqual(['BCA', 'CREDIT_CARD', 'OVO']);
      expect(
        (await api(business.live.secret_key, 'GET', '/payment_channels')).body.every((c: any) => c.is_enabled),
      ).toBe(true);

      const refused = await api(business.test.secret_key, 'POST', '/balance/top_up', {
        amount: 50_000,
        channel: 'MANDIRI',
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        error_code: 'CHANNEL_NOT_ACTIVATED',
        message: expect.stringContaining('MANDIRI'),
      });
      expect(
        (await api(business.test.secret_key, 'POST', '/balance/top_up', { amount: 50_000, channel: 'BCA' })).status,
      ).toBe(200);

      const unknown = await api(business.test.secret_key, 'PATCH', '/settings', {
        enabled_payment_channels: ['BCA', 'NOT_A_BANK'],
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toContain('NOT_A_BANK');

      expect(
        (await api(business.test.secret_key, 'PATCH', '/settings', { enabled_payment_channels: null })).status,
      ).toBe(200);
      expect(
        (await api(business.test.secret_key, 'GET', '/payment_channels')).body.every((c: any) => c.is_enabled),
      ).toBe(true);
    },
  );

  it('refuses a card charge when CREDIT_CARD is switched off, before the token is spent', async () => {
    const merchant = await provisionBusiness(gateway.app);
    await updateTestSettings(gateway.app, merchant.business_id, { optionalAuthentication: true });
    const token = (
      await tokenize(gateway.baseUrl, merchant.test.public_key, TEST_CARDS.enrolledVisa, { multiple: true })
    ).body.id as string;
    const charge = () =>
      api(merchant.test.secret_key, 'POST', '/credit_card_charges', {
        external_id: `order-${Date.now()}-${Math.random()}`,
        token_id: token,
        amount: 50_000,
      });
    expect(
      (await api(merchant.test.secret_key, 'PATCH', '/settings', { enabled_payment_channels: ['BCA'] })).status,
    ).toBe(200);
    const refused = await charge();
    expect(refused).toMatchObject({
      status: 403,
      body: { error_code: 'CHANNEL_NOT_ACTIVATED', message: expect.stringContaining('CREDIT_CARD') },
    });
    expect((await api(merchant.test.secret_key, 'PATCH', '/settings', { enabled_payment_channels: null })).status).toBe(
      200,
    );
    expect((await charge()).status).toBe(200);
  });

  it('needs payment_channels:read, and answers for a sub-account with for-user-id', async () => {
    const key = await gateway.app.get(CommandBus).execute(
      new CreateApiKeyCommand(business.business_id, 'test', 'secret', 'no channels', ['balance:read'], {
        requestId: 'req_k',
        actor: 'system:test',
      }),
    );
    const forbidden = await api(key.key, 'GET', '/payment_channels');
    expect(forbidden).toMatchObject({ status: 403, body: { error_code: 'REQUEST_FORBIDDEN_ERROR' } });

    const platform = await provisionBusiness(gateway.app, { isPlatform: true });
    const sub = await provisionBusiness(gateway.app, { parentBusinessId: platform.business_id });
    const asSub = await api(platform.test.secret_key, 'GET', '/payment_channels', undefined, {
      'for-user-id': sub.business_id,
    });
    expect(asSub.status).toBe(200);
    expect(asSub.body[0].business_id).toBe(sub.business_id);
  });
});
