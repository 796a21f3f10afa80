import type { ProvisionedBusiness } from '@gateway/accounts';
import { randomUUID } from 'node:crypto';
import { answerChallenge, TEST_CARDS, tokenize, updateTestSettings } from './support/cards';
import { createDashboardUser, DashboardClient, TEST_PASSWORD } from './support/dashboard-client';
import { eventually } from './support/eventually';
import { PNG_BYTES, uploadFile } from './support/files';
import { registeredRoutes } from './support/registered-routes';
import { startTestApp, type TestApp } from './support/test-app';
import { basicAuth, call, provisionBusiness } from './support/test-business';

/**
 * Issue 18, Deliver 4 and 5: every write route, with each string field set to a lone surrogate
 * (sent as the raw JSON escape `"\ud800"`) and each IDR amount set to 20000.5, answers 400 with
 * `error_code`, `message` and `errors[]` naming the field; never a 5xx, never a 2xx. The table
 * below must name every write route the app serves: a new route fails the first test until it has
 * a sample here. Each route's sample is sent last and must be accepted, so the refusals above are
 * the hostile values' doing and nothing else's. Headers are not sent hostile here: Node's HTTP
 * parser answers 400 to NUL in any header before the gateway runs, and decodes header bytes as
 * Latin-1 (no surrogate can arrive); the middleware's own header check has a unit spec.
 */

type Json = Record<string, unknown>;
type Key = 'secret' | 'public' | 'none';

interface Sample {
  path: string;
  /** The body; none for routes that take none (a hostile key is still sent as JSON). */
  body?: Json;
  key?: Key;
  headers?: Record<string, string>;
  /** Dashboard routes: a session of its own (sign-out ends the one it uses). */
  session?: { cookie: string; csrf: string };
  /** Statuses the valid sample may get (default: any 2xx or 3xx). */
  accepted?: number[];
}

interface RouteCase {
  sample(): Promise<Sample>;
  /** Dotted paths of IDR amount fields in the body. */
  amounts?: string[];
  /** Dashboard form route: session cookie and CSRF token, HTML answers for errors after the edge. */
  dashboard?: boolean;
  /** The route's status for validation failures after the edge (eWallet OVO answers 422 per spec). */
  validationStatus?: number;
}

const HOSTILE = '\ud800';
const FRACTION = 20_000.5;

describe('hostile input on every write route', () => {
  let gateway: TestApp;
  let business: ProvisionedBusiness;
  let dashboard: DashboardClient;
  let csrf: string;

  const uid = (prefix: string) => `${prefix}-${randomUUID()}`;
  const keyOf = (key: Key = 'secret') =>
    key === 'secret' ? business.test.secret_key : key === 'public' ? business.test.public_key : undefined;
  const api = async (
    method: string,
    path: string,
    body?: unknown,
    key: Key = 'secret',
    headers?: Record<string, string>,
  ) => call(gateway.baseUrl, keyOf(key), method, path, { body, headers });
  const ok = <T extends { status: number; body: any }>(response: T, what: string): T => {
    if (response.status >= 300) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
    return response;
  };

  // --- what the routes act on -------------------------------------------------------------------
  const virtualAccount = async (bankCode = 'BCA') =>
    ok(
      await api('POST', '/callback_virtual_accounts', { external_id: uid('va'), bank_code: bankCode, name: 'Budi' }),
      'VA',
    ).body;
  const paymentCode = async () =>
    ok(
      await api('POST', '/fixed_payment_code', {
        external_id: uid('fpc'),
        retail_outlet_name: 'ALFAMART',
        name: 'Budi',
        expected_amount: 20_000,
      }),
      'payment code',
    ).body;
  const customer = async () =>
    ok(
      await api('POST', '/customers', { reference_id: uid('ref'), given_names: 'Budi', email: 'budi@example.com' }),
      'customer',
    ).body;
  const recurring = async () =>
    ok(
      await api('POST', '/recurring_payments', {
        external_id: uid('rec'),
        payer_email: 'payer@example.com',
        description: 'Membership',
        amount: 50_000,
        interval: 'MONTH',
        interval_count: 1,
      }),
      'recurring',
    ).body;
  const invoice = async () =>
    ok(
      await api('POST', '/v2/invoices', {
        external_id: uid('inv'),
        payer_email: 'payer@example.com',
        description: 'Order',
        amount: 50_000,
      }),
      'invoice',
    ).body;
  const reusableToken = async () =>
    ok(await tokenize(gateway.baseUrl, business.test.public_key, TEST_CARDS.enrolledVisa, { multiple: true }), 'token')
      .body.id as string;
  const charge = async (capture: boolean) =>
    ok(
      await api('POST', '/credit_card_charges', {
        token_id: await reusableToken(),
        external_id: uid('chg'),
        amount: 50_000,
        capture,
      }),
      'charge',
    ).body;
  const apiKeyId = async () =>
    ok(await api('POST', '/api_keys', { name: uid('key') }), 'api key').body.key_id as string;
  const danaCheckoutToken = async () => {
    const created = ok(
      await api('POST', '/ewallets', {
        external_id: uid('dana'),
        amount: 20_000,
        ewallet_type: 'DANA',
        callback_url: 'https://shop.example/cb',
        redirect_url: 'https://shop.example/done',
      }),
      'DANA',
    );
    return new URL(created.body.checkout_url).pathname.split('/')[3];
  };
  const deliveryId = async () => {
    ok(await api('POST', '/callback_urls/invoice', { url: 'http://127.0.0.1:9/callbacks' }), 'callback url');
    const webhookId = ok(await api('POST', '/callback_urls/invoice/test'), 'test callback').body.webhook_id as string;
    await eventually(
      () => api('GET', `/callback_deliveries/${webhookId}`),
      (response) => response.status === 200,
    );
    return webhookId;
  };
  const dashboardUserId = async () => (await createDashboardUser(gateway.app, business.business_id, 'viewer')).userId;
  /** A dashboard form's key: each rendered form has its own (the dashboard acts once per key). */
  const formKey = () => randomUUID();
  const batchCsv = () =>
    `external_id,bank_code,account_holder_name,account_number,description,amount\n${uid('row')},BCA,Budi,1234567890,` +
    `Payout,20000\n`;

  const ROUTES: Record<string, RouteCase> = {
    // --- API: accounts and platform
    'POST /api_keys': {
      sample: async () => ({
        path: '/api_keys',
        body: { name: 'Ops key', kind: 'secret', permissions: ['money_in:read'] },
      }),
    },
    'DELETE /api_keys/:id': { sample: async () => ({ path: `/api_keys/${await apiKeyId()}` }) },
    'PATCH /settings': {
      sample: async () => ({
        path: '/settings',
        body: {
          default_disbursement_description: 'Payout',
          retail_payment_code_prefix: 'SHOP7',
          fee_schedule: { OVO: { flat: 100, basis_points: 150 } },
        },
      }),
      amounts: ['fee_schedule.OVO.flat'],
    },
    'POST /settings/callback_token/rotate': { sample: async () => ({ path: '/settings/callback_token/rotate' }) },
    'POST /callback_urls/:type': {
      sample: async () => ({ path: '/callback_urls/invoice', body: { url: 'https://shop.example/callbacks' } }),
    },
    'POST /callback_urls/:type/signing_secret/rotate': {
      sample: async () => ({ path: '/callback_urls/invoice/signing_secret/rotate' }),
    },
    'POST /callback_urls/:type/test': {
      sample: async () => {
        ok(await api('POST', '/callback_urls/invoice', { url: 'http://127.0.0.1:9/callbacks' }), 'callback url');
        return { path: '/callback_urls/invoice/test' };
      },
    },
    'POST /callback_deliveries/:id/resend': {
      sample: async () => ({ path: `/callback_deliveries/${await deliveryId()}/resend` }),
    },
    'POST /callback_deliveries/resend_failed': {
      sample: async () => ({
        path: '/callback_deliveries/resend_failed',
        body: { since: '2020-01-01T00:00:00Z', callback_type: 'invoice' },
      }),
    },
    'POST /reports': {
      sample: async () => ({
        path: '/reports',
        body: {
          type: 'BALANCE_HISTORY',
          currency: 'IDR',
          format: 'CSV',
          filter: { from: new Date(Date.now() - 86_400_000).toISOString() },
        },
      }),
    },
    'POST /reports/:id/retry': {
      // A report that did not fail is not retryable (409): the request passed the edge and validation.
      sample: async () => ({
        path: `/reports/${ok(await api('POST', '/reports', { type: 'BALANCE_HISTORY' }), 'report').body.id}/retry`,
        accepted: [200, 409],
      }),
    },
    // Multipart: the real upload (and NUL in its text field) is checked on its own below; a JSON body has no file
    // (400).
    'POST /files': { sample: async () => ({ path: '/files', accepted: [400] }) },
    'DELETE /files/:id': {
      sample: async () => ({
        path:
          `/files/` +
          `${
            ok(
              await uploadFile(gateway.baseUrl, business.test.secret_key, {
                bytes: PNG_BYTES,
                type: 'image/png',
              }),
              'file',
            ).body.id
          }`,
      }),
    },
    'POST /customers': {
      sample: async () => ({
        path: '/customers',
        body: {
          reference_id: uid('ref'),
          given_names: 'Budi',
          surname: 'Santoso',
          email: 'budi@example.com',
          description: 'VIP',
          addresses: [{ country: 'ID', city: 'Jakarta' }],
          metadata: { tier: 'gold' },
        },
      }),
    },
    'PATCH /customers/:id': {
      sample: async () => ({
        path: `/customers/${(await customer()).id}`,
        body: { given_names: 'Budi', description: 'Updated' },
      }),
    },
    'POST /balance/top_up': {
      sample: async () => ({
        path: '/balance/top_up',
        body: { amount: 100_000, currency: 'IDR', channel: 'TEST_TOPUP', settlement: 'immediate' },
      }),
      amounts: ['amount'],
    },

    // --- API: money out
    'POST /disbursements': {
      sample: async () => {
        ok(await api('POST', '/balance/top_up', { amount: 1_000_000 }), 'top-up');
        return {
          path: '/disbursements',
          body: {
            external_id: uid('disb'),
            bank_code: 'BCA',
            account_holder_name: 'Budi',
            account_number: '1234567890',
            description: 'Payout',
            amount: 20_000,
          },
        };
      },
      amounts: ['amount'],
    },
    'POST /batch_disbursements': {
      sample: async () => {
        ok(await api('POST', '/balance/top_up', { amount: 1_000_000 }), 'top-up');
        return {
          path: '/batch_disbursements',
          body: {
            reference: uid('batch'),
            disbursements: [
              {
                external_id: uid('item'),
                bank_code: 'BNI',
                bank_account_name: 'Budi',
                bank_account_number: '1234567890',
                description: 'Payout',
                amount: 20_000,
              },
            ],
          },
        };
      },
      amounts: ['disbursements.0.amount'],
    },

    // --- API: money in
    'POST /v2/invoices': {
      sample: async () => ({
        path: '/v2/invoices',
        body: {
          external_id: uid('inv'),
          payer_email: 'payer@example.com',
          description: 'Order',
          amount: 64_000,
          currency: 'IDR',
          items: [{ name: 'Shirt', quantity: 2, price: 32_000 }],
        },
      }),
      amounts: ['amount', 'items.0.price'],
    },
    'POST /invoices/:id/expire\\!': { sample: async () => ({ path: `/invoices/${(await invoice()).id}/expire!` }) },
    'POST /recurring_payments': {
      sample: async () => ({
        path: '/recurring_payments',
        body: {
          external_id: uid('rec'),
          payer_email: 'payer@example.com',
          description: 'Membership',
          amount: 50_000,
          interval: 'MONTH',
          interval_count: 1,
        },
      }),
      amounts: ['amount'],
    },
    'PATCH /recurring_payments/:id': {
      sample: async () => ({
        path: `/recurring_payments/${(await recurring()).id}`,
        body: { amount: 60_000, interval: 'WEEK' },
      }),
      amounts: ['amount'],
    },
    'POST /recurring_payments/:id/pause\\!': {
      sample: async () => ({ path: `/recurring_payments/${(await recurring()).id}/pause!` }),
    },
    'POST /recurring_payments/:id/resume\\!': {
      sample: async () => {
        const { id } = await recurring();
        ok(await api('POST', `/recurring_payments/${id}/pause!`), 'pause');
        return { path: `/recurring_payments/${id}/resume!` };
      },
    },
    'POST /recurring_payments/:id/stop\\!': {
      sample: async () => ({ path: `/recurring_payments/${(await recurring()).id}/stop!` }),
    },
    'POST /callback_virtual_accounts': {
      sample: async () => ({
        path: '/callback_virtual_accounts',
        body: { external_id: uid('va'), bank_code: 'BRI', name: 'Budi', is_closed: true, expected_amount: 150_000 },
      }),
      amounts: ['expected_amount'],
    },
    'PATCH /callback_virtual_accounts/:id': {
      sample: async () => ({
        path: `/callback_virtual_accounts/${(await virtualAccount('BRI')).id}`,
        body: { suggested_amount: 75_000, expiration_date: '2099-01-01T00:00:00.000Z' },
      }),
      amounts: ['suggested_amount'],
    },
    'POST /pool_virtual_accounts/simulate_payment': {
      sample: async () => {
        const account = await virtualAccount();
        return {
          path: '/pool_virtual_accounts/simulate_payment',
          body: { bank_code: 'BCA', bank_account_number: account.account_number, transfer_amount: 50_000 },
        };
      },
      amounts: ['transfer_amount'],
    },
    'POST /fixed_payment_code': {
      sample: async () => ({
        path: '/fixed_payment_code',
        body: { external_id: uid('fpc'), retail_outlet_name: 'ALFAMART', name: 'Budi', expected_amount: 20_000 },
      }),
      amounts: ['expected_amount'],
    },
    'PATCH /fixed_payment_code/:id': {
      sample: async () => ({
        path: `/fixed_payment_code/${(await paymentCode()).id}`,
        body: { name: 'Budi S', expected_amount: 30_000 },
      }),
      amounts: ['expected_amount'],
    },
    'POST /fixed_payment_code/simulate_payment': {
      sample: async () => {
        const code = await paymentCode();
        return {
          path: '/fixed_payment_code/simulate_payment',
          body: { retail_outlet_name: 'ALFAMART', payment_code: code.payment_code, transfer_amount: 20_000 },
        };
      },
      amounts: ['transfer_amount'],
    },
    'POST /ewallets': {
      sample: async () => ({
        path: '/ewallets',
        headers: { 'x-api-version': '2020-02-01' },
        body: { external_id: uid('ovo'), amount: 20_000, phone: '081234567890', ewallet_type: 'OVO' },
      }),
      amounts: ['amount'],
      validationStatus: 422,
    },
    'POST /v2/credit_card_tokens': {
      sample: async () => ({
        path: '/v2/credit_card_tokens',
        key: 'public',
        body: {
          is_single_use: true,
          card_data: {
            account_number: TEST_CARDS.enrolledVisa,
            exp_month: '12',
            exp_year: String(new Date().getUTCFullYear() + 3),
            cvn: '123',
          },
          should_authenticate: true,
          amount: '50000',
        },
      }),
      amounts: ['amount'],
    },
    'POST /credit_card_tokens/:token_id/authentications': {
      sample: async () => ({
        path: `/credit_card_tokens/${await reusableToken()}/authentications`,
        key: 'public',
        body: { amount: '50000' },
      }),
      amounts: ['amount'],
    },
    'POST /credit_card_charges': {
      sample: async () => ({
        path: '/credit_card_charges',
        body: { token_id: await reusableToken(), external_id: uid('chg'), amount: 50_000 },
      }),
      amounts: ['amount'],
    },
    'POST /credit_card_charges/:credit_card_charge_id/capture': {
      sample: async () => ({
        path: `/credit_card_charges/${(await charge(false)).id}/capture`,
        body: { amount: '50000' },
      }),
      amounts: ['amount'],
    },
    'POST /credit_card_charges/:credit_card_charge_id/auth_reversal': {
      sample: async () => ({
        path: `/credit_card_charges/${(await charge(false)).id}/auth_reversal`,
        body: { external_id: uid('rev') },
      }),
    },
    'POST /credit_card_charges/:credit_card_charge_id/refunds': {
      sample: async () => ({
        path: `/credit_card_charges/${(await charge(true)).id}/refunds`,
        body: { amount: '10000', external_id: uid('refund') },
      }),
      amounts: ['amount'],
    },

    // --- payer pages (no key)
    'POST /3ds/:authentication_id': {
      sample: async () => {
        const token = ok(
          await tokenize(gateway.baseUrl, business.test.public_key, TEST_CARDS.enrolledVisa, { amount: 50_000 }),
          'token',
        ).body;
        return { path: `/3ds/${token.authentication_id}`, key: 'none', body: { action: 'complete', code: '123456' } };
      },
    },
    'POST /web/invoices/:id/pay': {
      sample: async () => {
        const created = await invoice();
        return {
          path: `/web/invoices/${created.id}/pay`,
          key: 'none',
          body: { channel: created.available_banks[0].bank_code },
        };
      },
    },
    'POST /web/invoices/:id/pay_card': {
      sample: async () => {
        const created = await invoice();
        const token = ok(
          await tokenize(gateway.baseUrl, business.test.public_key, TEST_CARDS.enrolledVisa, { amount: 50_000 }),
          'token',
        ).body;
        await answerChallenge(gateway.baseUrl, token.authentication_id, 'complete');
        return {
          path: `/web/invoices/${created.id}/pay_card`,
          key: 'none',
          body: { token_id: token.id, authentication_id: token.authentication_id },
        };
      },
    },
    'POST /web/invoices/:id/pay_ewallet': {
      sample: async () => ({
        path: `/web/invoices/${(await invoice()).id}/pay_ewallet`,
        key: 'none',
        body: { ewallet_type: 'DANA' },
      }),
    },
    'POST /ewallets/checkout/:token/pay': {
      sample: async () => ({ path: `/ewallets/checkout/${await danaCheckoutToken()}/pay`, key: 'none' }),
    },
    'POST /ewallets/checkout/:token/cancel': {
      sample: async () => ({ path: `/ewallets/checkout/${await danaCheckoutToken()}/cancel`, key: 'none' }),
    },

    // --- dashboard (session and CSRF token; forms)
    'POST /dashboard/sign-in': {
      dashboard: true,
      sample: async () => {
        const visitor = new DashboardClient(gateway.baseUrl);
        const page = await visitor.get('/dashboard/sign-in');
        // Wrong credentials: answered by the sign-in page itself, after the edge and the CSRF check.
        return {
          path: '/dashboard/sign-in',
          session: {
            cookie: `gw_dashboard_signin=${visitor.cookie('gw_dashboard_signin')}`,
            csrf: DashboardClient.csrfOf(page.text),
          },
          body: { email: 'nobody@toko.test', password: 'wrong password' },
          accepted: [401],
        };
      },
    },
    'POST /dashboard/sign-out': {
      dashboard: true,
      sample: async () => {
        const user = await createDashboardUser(gateway.app, business.business_id, 'viewer');
        const other = new DashboardClient(gateway.baseUrl);
        await other.signIn(user.email, TEST_PASSWORD);
        return {
          path: '/dashboard/sign-out',
          session: {
            cookie: `gw_dashboard=${other.cookie('gw_dashboard')}`,
            csrf: DashboardClient.csrfOf((await other.get('/dashboard/overview')).text),
          },
          body: {},
        };
      },
    },
    'POST /dashboard/mode': {
      dashboard: true,
      sample: async () => ({ path: '/dashboard/mode', body: { mode: 'test' } }),
    },
    'POST /dashboard/callbacks/url': {
      dashboard: true,
      sample: async () => ({
        path: '/dashboard/callbacks/url',
        body: { kind: 'invoice', url: 'https://shop.example/callbacks' },
      }),
    },
    'POST /dashboard/callbacks/test': {
      dashboard: true,
      sample: async () => {
        ok(await api('POST', '/callback_urls/invoice', { url: 'http://127.0.0.1:9/callbacks' }), 'callback url');
        return { path: '/dashboard/callbacks/test', body: { kind: 'invoice' } };
      },
    },
    'POST /dashboard/callbacks/token/reveal': {
      dashboard: true,
      sample: async () => ({ path: '/dashboard/callbacks/token/reveal', body: {} }),
    },
    'POST /dashboard/callbacks/token/rotate': {
      dashboard: true,
      sample: async () => ({ path: '/dashboard/callbacks/token/rotate', body: {} }),
    },
    'POST /dashboard/callbacks/resend-failed': {
      dashboard: true,
      sample: async () => ({ path: '/dashboard/callbacks/resend-failed', body: { since: '2020-01-01T00:00' } }),
    },
    'POST /dashboard/callbacks/deliveries/:id/resend': {
      dashboard: true,
      sample: async () => ({ path: `/dashboard/callbacks/deliveries/${await deliveryId()}/resend`, body: {} }),
    },
    'POST /dashboard/developers/keys': {
      dashboard: true,
      sample: async () => ({
        path: '/dashboard/developers/keys',
        body: { name: 'Dashboard key', perm_money_in_read: 'on' },
      }),
    },
    'POST /dashboard/developers/keys/:id/revoke': {
      dashboard: true,
      sample: async () => ({ path: `/dashboard/developers/keys/${await apiKeyId()}/revoke`, body: {} }),
    },
    'POST /dashboard/developers/api-versions': {
      dashboard: true,
      sample: async () => ({ path: '/dashboard/developers/api-versions', body: {} }),
    },
    'POST /dashboard/settings': {
      dashboard: true,
      sample: async () => ({
        path: '/dashboard/settings',
        body: { fraud_detection: 'on', default_disbursement_description: 'Payout' },
      }),
    },
    'POST /dashboard/reports': {
      dashboard: true,
      sample: async () => ({ path: '/dashboard/reports', body: { type: 'TRANSACTIONS', currency: 'IDR' } }),
    },
    'POST /dashboard/team/users': {
      dashboard: true,
      sample: async () => ({
        path: '/dashboard/team/users',
        body: { email: `${uid('user')}@toko.test`, role: 'viewer' },
      }),
    },
    'POST /dashboard/team/users/:id/role': {
      dashboard: true,
      sample: async () => ({
        path: `/dashboard/team/users/${await dashboardUserId()}/role`,
        body: { role: 'developer' },
      }),
    },
    'POST /dashboard/team/users/:id/remove': {
      dashboard: true,
      sample: async () => ({ path: `/dashboard/team/users/${await dashboardUserId()}/remove`, body: {} }),
    },
    'POST /dashboard/team/users/:id/reset-two-factor': {
      dashboard: true,
      sample: async () => ({ path: `/dashboard/team/users/${await dashboardUserId()}/reset-two-factor`, body: {} }),
    },
    'POST /dashboard/test-tools/top-up': {
      dashboard: true,
      sample: async () => ({
        path: '/dashboard/test-tools/top-up',
        body: { _idem: formKey(), amount: '100000', currency: 'IDR' },
      }),
      amounts: ['amount'],
    },
    'POST /dashboard/test-tools/advance-clock': {
      dashboard: true,
      sample: async () => ({ path: '/dashboard/test-tools/advance-clock', body: { _idem: formKey(), minutes: '1' } }),
    },
    'POST /dashboard/test-tools/simulate/va-payment': {
      dashboard: true,
      sample: async () => ({
        path: '/dashboard/test-tools/simulate/va-payment',
        body: {
          _idem: formKey(),
          bank_code: 'BCA',
          account_number: (await virtualAccount()).account_number,
          amount: '50000',
        },
      }),
      amounts: ['amount'],
    },
    'POST /dashboard/test-tools/simulate/payment-code-payment': {
      dashboard: true,
      sample: async () => ({
        path: '/dashboard/test-tools/simulate/payment-code-payment',
        body: {
          _idem: formKey(),
          retail_outlet_name: 'ALFAMART',
          payment_code: (await paymentCode()).payment_code,
          amount: '20000',
        },
      }),
      amounts: ['amount'],
    },
    'POST /dashboard/test-tools/simulate/ewallet-payment': {
      dashboard: true,
      sample: async () => ({
        path: '/dashboard/test-tools/simulate/ewallet-payment',
        body: { _idem: formKey(), ewallet_type: 'OVO', phone: '081234567890', amount: '20000' },
      }),
      amounts: ['amount'],
    },
    // Dashboard actions (issue 21): each form carries its key (`_idem`); money-moving ones are sent confirmed.
    'POST /dashboard/transactions/card-charges/:id/refund': {
      dashboard: true,
      sample: async () => {
        ok(await api('POST', '/balance/top_up', { amount: 1_000_000 }), 'top-up');
        // The dashboard settings sample above saved its form, whose unchecked 3DS box turned optional authentication
        // off.
        await updateTestSettings(gateway.app, business.business_id, { optionalAuthentication: true });
        return {
          path: `/dashboard/transactions/card-charges/${(await charge(true)).id}/refund`,
          body: { _idem: formKey(), amount: '20000', external_id: uid('refund'), confirm: 'yes' },
        };
      },
      amounts: ['amount'],
    },
    'POST /dashboard/invoices': {
      dashboard: true,
      sample: async () => ({
        path: '/dashboard/invoices',
        body: {
          _idem: formKey(),
          external_id: uid('inv'),
          payer_email: 'payer@example.com',
          description: 'Order',
          amount: '50000',
          duration_hours: '24',
        },
      }),
      amounts: ['amount'],
    },
    'POST /dashboard/invoices/:id/expire': {
      dashboard: true,
      sample: async () => ({
        path: `/dashboard/invoices/${(await invoice()).id}/expire`,
        body: { _idem: formKey(), confirm: 'yes' },
      }),
    },
    'POST /dashboard/payouts': {
      dashboard: true,
      sample: async () => {
        ok(await api('POST', '/balance/top_up', { amount: 1_000_000 }), 'top-up');
        return {
          path: '/dashboard/payouts',
          body: {
            _idem: formKey(),
            external_id: uid('disb'),
            bank_code: 'BCA',
            account_holder_name: 'Budi',
            account_number: '1234567890',
            description: 'Payout',
            amount: '20000',
            confirm: 'yes',
          },
        };
      },
      amounts: ['amount'],
    },
    'POST /dashboard/payouts/batch/preview': {
      dashboard: true,
      // A JSON body has no file: the pasted-text field stands in for it (the multipart upload is in the browser suite).
      sample: async () => ({
        path: '/dashboard/payouts/batch/preview',
        body: { reference: uid('batch'), csv: batchCsv() },
      }),
    },
    'POST /dashboard/payouts/batch': {
      dashboard: true,
      sample: async () => {
        ok(await api('POST', '/balance/top_up', { amount: 1_000_000 }), 'top-up');
        // The confirmation names a previewed file.
        const reference = uid('batch');
        const form = { _csrf: csrf, reference, csv: batchCsv() };
        const checked = await dashboard.request('POST', '/dashboard/payouts/batch/preview', form);
        const preview = /name="preview" value="([0-9a-f]{64})"/.exec(checked.text)![1];
        return { path: '/dashboard/payouts/batch', body: { _idem: formKey(), reference, preview, confirm: 'yes' } };
      },
    },
    'POST /dashboard/fixed-vas': {
      dashboard: true,
      sample: async () => ({
        path: '/dashboard/fixed-vas',
        body: {
          _idem: formKey(),
          external_id: uid('va'),
          bank_code: 'BNI',
          name: 'Budi Santoso',
          expected_amount: '25000',
        },
      }),
      amounts: ['expected_amount'],
    },
    'POST /dashboard/fixed-vas/:id': {
      dashboard: true,
      sample: async () => ({
        path: `/dashboard/fixed-vas/${(await virtualAccount()).id}`,
        body: { _idem: formKey(), expected_amount: '30000', is_closed: 'false' },
      }),
      amounts: ['expected_amount'],
    },
    'POST /dashboard/payment-codes': {
      dashboard: true,
      sample: async () => ({
        path: '/dashboard/payment-codes',
        body: {
          _idem: formKey(),
          external_id: uid('fpc'),
          retail_outlet_name: 'ALFAMART',
          name: 'Budi Santoso',
          expected_amount: '25000',
        },
      }),
      amounts: ['expected_amount'],
    },
    'POST /dashboard/payment-codes/:id': {
      dashboard: true,
      sample: async () => ({
        path: `/dashboard/payment-codes/${(await paymentCode()).id}`,
        body: { _idem: formKey(), name: 'Budi S.', expected_amount: '30000' },
      }),
      amounts: ['expected_amount'],
    },
    'POST /dashboard/sign-in/code': {
      dashboard: true,
      sample: async () => {
        const visitor = new DashboardClient(gateway.baseUrl);
        const page = await visitor.get('/dashboard/sign-in');
        // No challenge cookie: answered by the sign-in page after the edge and the CSRF check.
        return {
          path: '/dashboard/sign-in/code',
          session: {
            cookie: `gw_dashboard_signin=${visitor.cookie('gw_dashboard_signin')}`,
            csrf: DashboardClient.csrfOf(page.text),
          },
          body: { code: '123456' },
          accepted: [401],
        };
      },
    },
    'POST /dashboard/password-reset': {
      dashboard: true,
      sample: async () => {
        const visitor = new DashboardClient(gateway.baseUrl);
        const page = await visitor.get('/dashboard/password-reset');
        return {
          path: '/dashboard/password-reset',
          session: {
            cookie: `gw_dashboard_signin=${visitor.cookie('gw_dashboard_signin')}`,
            csrf: DashboardClient.csrfOf(page.text),
          },
          body: { email: 'nobody@toko.test' },
        };
      },
    },
    'POST /dashboard/password-reset/:token': {
      dashboard: true,
      sample: async () => {
        const visitor = new DashboardClient(gateway.baseUrl);
        const page = await visitor.get('/dashboard/password-reset');
        // A link that names no reset: the expired-link page.
        return {
          path: `/dashboard/password-reset/${'a'.repeat(43)}`,
          session: {
            cookie: `gw_dashboard_signin=${visitor.cookie('gw_dashboard_signin')}`,
            csrf: DashboardClient.csrfOf(page.text),
          },
          body: { password: 'a new password here', password_again: 'a new password here' },
          accepted: [410],
        };
      },
    },
    'POST /dashboard/account/password': {
      dashboard: true,
      sample: async () => {
        const user = await createDashboardUser(gateway.app, business.business_id, 'viewer');
        const own = new DashboardClient(gateway.baseUrl);
        await own.signIn(user.email, TEST_PASSWORD);
        return {
          path: '/dashboard/account/password',
          session: {
            cookie: `gw_dashboard=${own.cookie('gw_dashboard')}`,
            csrf: DashboardClient.csrfOf((await own.get('/dashboard/account')).text),
          },
          body: {
            current_password: TEST_PASSWORD,
            new_password: 'another long password',
            new_password_again: 'another long password',
          },
        };
      },
    },
    'POST /dashboard/account/two-factor/start': {
      dashboard: true,
      sample: async () => ({ path: '/dashboard/account/two-factor/start', body: {} }),
    },
    // A code that is not the app's: refused (401) after the edge and validation.
    'POST /dashboard/account/two-factor/confirm': {
      dashboard: true,
      sample: async () => ({
        path: '/dashboard/account/two-factor/confirm',
        body: { code: '000000' },
        accepted: [401],
      }),
    },
    'POST /dashboard/account/two-factor/disable': {
      dashboard: true,
      sample: async () => ({
        path: '/dashboard/account/two-factor/disable',
        body: { code: '000000' },
        accepted: [401],
      }),
    },
    'POST /dashboard/team/two-factor': {
      dashboard: true,
      sample: async () => ({ path: '/dashboard/team/two-factor', body: { required: 'off' } }),
    },
    'POST /dashboard/overview/reconcile': {
      dashboard: true,
      sample: async () => ({ path: '/dashboard/overview/reconcile', body: { _idem: formKey() } }),
    },
    'POST /dashboard/recurring-plans/:id/pause': {
      dashboard: true,
      sample: async () => ({
        path: `/dashboard/recurring-plans/${(await recurring()).id}/pause`,
        body: { _idem: formKey() },
      }),
    },
    'POST /dashboard/recurring-plans/:id/resume': {
      dashboard: true,
      sample: async () => {
        const plan = await recurring();
        ok(await api('POST', `/recurring_payments/${plan.id}/pause!`), 'pause');
        return { path: `/dashboard/recurring-plans/${plan.id}/resume`, body: { _idem: formKey() } };
      },
    },
    'POST /dashboard/recurring-plans/:id/stop': {
      dashboard: true,
      sample: async () => ({
        path: `/dashboard/recurring-plans/${(await recurring()).id}/stop`,
        body: { _idem: formKey(), confirm: 'yes' },
      }),
    },
  };

  beforeAll(async () => {
    gateway = await startTestApp();
    business = await provisionBusiness(gateway.app);
    // Charges without 3DS on reusable tokens, as the cards suites do.
    await updateTestSettings(gateway.app, business.business_id, { optionalAuthentication: true });
    const admin = await createDashboardUser(gateway.app, business.business_id, 'admin');
    dashboard = new DashboardClient(gateway.baseUrl);
    expect((await dashboard.signIn(admin.email, TEST_PASSWORD)).status).toBe(303);
    csrf = DashboardClient.csrfOf((await dashboard.get('/dashboard/overview')).text);
  }, 60_000);
  afterAll(async () => gateway?.close());

  // --- sending ----------------------------------------------------------------------------------

  interface Answer {
    status: number;
    text: string;
    json: any;
  }

  /** Sends `body` as JSON text exactly as JSON.stringify writes it: a lone surrogate travels as the escape `\ud800`. */
  async function send(
    route: RouteCase,
    method: string,
    sample: Sample,
    body: Json | undefined,
    options: { form?: boolean } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...sample.headers };
    const key = keyOf(sample.key);
    if (key && !route.dashboard) headers.authorization = basicAuth(key);
    if (route.dashboard) headers.cookie = sample.session?.cookie ?? `gw_dashboard=${dashboard.cookie('gw_dashboard')}`;
    const payload = route.dashboard ? { _csrf: sample.session?.csrf ?? csrf, ...body } : body;
    let text: string | undefined;
    if (payload !== undefined) {
      if (options.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        text = new URLSearchParams(payload as Record<string, string>).toString();
      } else {
        headers['content-type'] = 'application/json';
        text = JSON.stringify(payload);
      }
    }
    const response = await fetch(`${gateway.baseUrl}${sample.path}`, {
      method,
      headers,
      body: text,
      redirect: 'manual',
    });
    const answer = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(answer);
    } catch {
      json = undefined;
    }
    return { status: response.status, text: answer, json };
  }

  /** Every field of a body's objects, at any depth (not array items), as paths. */
  function fieldPaths(value: unknown, path: string[] = []): string[][] {
    if (value === null || typeof value !== 'object') return [];
    if (Array.isArray(value)) return value.flatMap((item, index) => fieldPaths(item, [...path, String(index)]));
    return Object.entries(value).flatMap(([key, item]) => [[...path, key], ...fieldPaths(item, [...path, key])]);
  }

  /** String leaves of a body, as paths. */
  function stringPaths(value: unknown, path: string[] = []): string[][] {
    if (typeof value === 'string') return [path];
    if (value === null || typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }

  function withValue(body: Json, path: string[], value: unknown): Json {
    const copy = structuredClone(body);
    let node: any = copy;
    for (const segment of path.slice(0, -1)) node = node[segment];
    node[path[path.length - 1]] = value;
    return copy;
  }

  /**
   * A refusal at the edge or by validation: the spec's error body naming the field (JSON), or the dashboard's error
   * page.
   */
  function expectRefusal(route: RouteCase, answer: Answer, field: string[], status: number, types?: string[]) {
    const seen = { field: field.join('.'), status: answer.status, body: answer.json ?? answer.text.slice(0, 300) };
    if (answer.json !== undefined || !route.dashboard) {
      expect(seen).toEqual({ ...seen, status });
      expect(answer.json).toMatchObject({ error_code: 'API_VALIDATION_ERROR', message: expect.any(String) });
      expect(answer.json.errors).toContainEqual(
        expect.objectContaining({ field, ...(types && { types: expect.arrayContaining(types) }) }),
      );
    } else {
      // Validation inside a dashboard page answers the dashboard's HTML error page.
      expect(seen).toEqual({ ...seen, status: 400 });
      expect(answer.text).toContain('API_VALIDATION_ERROR');
      expect(answer.text).toContain(field[field.length - 1]);
    }
  }

  it('has a sample for every write route the app serves (a new route fails here by name)', () => {
    const writeRoutes = registeredRoutes(gateway.app)
      .filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method))
      .map((route) => `${route.method} ${route.path}`);
    expect(writeRoutes.length).toBeGreaterThan(40);
    expect(writeRoutes.filter((route) => !(route in ROUTES))).toEqual([]);
  });

  describe.each(Object.keys(ROUTES))('%s', (name) => {
    const method = name.split(' ')[0];

    it(
      'refuses a lone surrogate in every string and key, a fractional IDR amount in every amount field, ' +
        'NUL in path parameters; accepts the sample; answers a null in any field below 500',
      async () => {
        const route = ROUTES[name];
        const sample = await route.sample();
        const body = sample.body ?? {};
        const validationStatus = route.validationStatus ?? 400;

        // Every string value (the raw escape on the wire), then other unstorable shapes on the first one.
        const strings = stringPaths(body);
        for (const path of strings) {
          expect(JSON.stringify(withValue(body, path, HOSTILE))).toContain('\\ud800');
          expectRefusal(route, await send(route, method, sample, withValue(body, path, HOSTILE)), path, 400, [
            'wellFormedUnicode',
          ]);
        }
        if (strings[0]) {
          for (const [value, type] of [
            ['\udc00', 'wellFormedUnicode'],
            ['a\udc00\ud800b', 'wellFormedUnicode'],
            ['a\u0000b', 'noNulCharacter'],
          ] as const) {
            expectRefusal(
              route,
              await send(route, method, sample, withValue(body, strings[0], value)),
              strings[0],
              400,
              [type],
            );
          }
        }
        // A key: reported at the object holding it.
        expectRefusal(route, await send(route, method, sample, { ...body, [HOSTILE]: 'x' }), [], 400, [
          'wellFormedUnicode',
        ]);
        // Forms (the dashboard's and the payer pages') cannot carry a lone surrogate (URL encoding turns it into
        // U+FFFD) but can carry NUL.
        for (const path of route.dashboard ? strings : []) {
          expectRefusal(
            route,
            await send(route, method, sample, withValue(body, path, 'a\u0000b'), { form: true }),
            path,
            400,
            ['noNulCharacter'],
          );
        }

        for (const amount of route.amounts ?? []) {
          const path = amount.split('.');
          expectRefusal(
            route,
            await send(route, method, sample, withValue(body, path, route.dashboard ? String(FRACTION) : FRACTION)),
            path,
            route.dashboard ? 400 : validationStatus,
          );
        }

        // NUL in a path parameter (Express decodes %00), named by the validation pipe.
        const parameter = /\/(:[A-Za-z_]+)/.exec(name)?.[1];
        if (parameter) {
          const template = name.split(' ')[1].replace(/\\!/g, '!').split('/');
          const actual = sample.path.split('/');
          const index = template.indexOf(parameter);
          const bad = { ...sample, path: [...actual.slice(0, index), '%00', ...actual.slice(index + 1)].join('/') };
          const answer = await send(route, method, bad, sample.body);
          expect({ status: answer.status, body: answer.json ?? answer.text.slice(0, 200) }).toEqual({
            status: 400,
            body: answer.json ?? answer.text.slice(0, 200),
          });
          if (!route.dashboard)
            expect(answer.json.errors).toContainEqual(
              expect.objectContaining({ field: [parameter.slice(1)], location: 'path', types: ['noNulCharacter'] }),
            );
        }

        // The sample itself is accepted: the refusals above were the hostile values' doing.
        const valid = await send(route, method, sample, sample.body);
        const accepted = sample.accepted
          ? sample.accepted.includes(valid.status)
          : valid.status >= 200 && valid.status < 400;
        expect(accepted ? 'accepted' : `answered ${valid.status}: ${valid.text.slice(0, 300)}`).toBe('accepted');

        // An explicit null in any field at any depth is the field left out (or kept, where the field gives null a
        // meaning): answered, and below 500, with the spec's error body when refused. Sent after the sample, so a
        // variant may meet what the sample made (a duplicate, a spent token) and be refused for that.
        for (const path of route.dashboard ? [] : fieldPaths(body)) {
          const answer = await send(route, method, sample, withValue(body, path, null));
          const seen = { field: path.join('.'), status: answer.status, body: answer.json ?? answer.text.slice(0, 300) };
          expect(seen.status < 500 ? 'answered below 500' : seen).toBe('answered below 500');
          // The payer pages answer their refusals as HTML pages; the API always as the spec's error body.
          if (answer.status >= 400 && answer.json !== undefined)
            expect(answer.json).toMatchObject({ error_code: expect.any(String), message: expect.any(String) });
        }
      },
      60_000,
    );
  });

  it(
    'POST /files: NUL in a multipart text field is refused naming the field (a lone surrogate cannot be encoded in ' +
      'multipart)',
    async () => {
      const answer = await uploadFile(gateway.baseUrl, business.test.secret_key, {
        bytes: PNG_BYTES,
        type: 'image/png',
        purpose: 'KYC\u0000DOCUMENT',
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error_code: 'API_VALIDATION_ERROR', message: expect.any(String) });
      expect(answer.body.errors).toContainEqual(
        expect.objectContaining({ field: ['purpose'], location: 'body', types: ['noNulCharacter'] }),
      );
      expect(
        (await uploadFile(gateway.baseUrl, business.test.secret_key, { bytes: PNG_BYTES, type: 'image/png' })).status,
      ).toBe(200);
    },
  );

  describe('explicit nulls and times PostgreSQL cannot hold (the probe of 2026-11-29)', () => {
    it('POST /reports with format null is a report in the default format; reports after it work', async () => {
      const first = await api('POST', '/reports', { type: 'BALANCE_HISTORY', format: null });
      expect(first.status).toBe(200);
      expect(first.body.format).toBe('CSV');
      // Its null used to reach the stored event and stop the reports projection for every business.
      const next = await api('POST', '/reports', { type: 'BALANCE_HISTORY', format: 'CSV' });
      expect(next.status).toBe(200);
      expect((await api('GET', `/reports/${next.body.id}`)).status).toBe(200);
    });

    it('POST /credit_card_charges with card_cvn null is a charge without a CVN, not a 500', async () => {
      const answer = await api('POST', '/credit_card_charges', {
        token_id: await reusableToken(),
        external_id: uid('chg'),
        amount: 50_000,
        card_cvn: null,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe('CAPTURED');
    });

    it.each([
      ['GET', '/callback_deliveries?created_after=-004714-01-01T00:00:00Z', 'created_after'],
      ['GET', '/callback_deliveries?created_before=-010000-01-01T00:00:00Z', 'created_before'],
      ['GET', '/callback_deliveries/summary?from=-010000-01-01T00:00:00Z', 'from'],
      ['GET', '/request_logs?created_before=-004714-01-01T00:00:00Z', 'created_before'],
      ['GET', '/request_logs?created_after=+275760-09-13T00:00:00Z', 'created_after'],
      ['POST', '/callback_deliveries/resend_failed', 'since', { since: '-271821-04-20T00:00:00Z' }],
      ['POST', '/reports', 'from', { type: 'BALANCE_HISTORY', filter: { from: '-004714-01-01T00:00:00Z' } }],
    ] as const)('%s %s: a time outside the years 1 to 9999 is 400 naming %s (it was a 500)', async (...args) => {
      const [method, path, field, body] = args as unknown as [string, string, string, Json | undefined];
      const answer = await api(method, path, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error_code: 'API_VALIDATION_ERROR',
        message: expect.stringContaining('years 1 to 9999'),
      });
      expect(answer.body.errors).toEqual([expect.objectContaining({ field: expect.arrayContaining([field]) })]);
    });
  });

  describe('the observed defects (issue 18)', () => {
    it(
      'POST /v2/invoices with amount 64000.5 is 400 naming ' + 'amount (it was accepted and then could never be paid)',
      async () => {
        const answer = await api('POST', '/v2/invoices', {
          external_id: uid('inv'),
          payer_email: 'payer@example.com',
          description: 'Order',
          amount: 64_000.5,
        });
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({
          error_code: 'API_VALIDATION_ERROR',
          message: expect.stringContaining('amount'),
        });
        expect(answer.body.errors).toEqual([
          expect.objectContaining({ field: ['amount'], location: 'body', types: ['isMoneyAmount'] }),
        ]);
      },
    );

    it(
      'POST /recurring_payments with amount 50000.5 is 400 ' + 'naming amount (its charge job used to fail forever)',
      async () => {
        const answer = await api('POST', '/recurring_payments', {
          external_id: uid('rec'),
          payer_email: 'payer@example.com',
          description: 'Membership',
          amount: 50_000.5,
          interval: 'DAY',
          interval_count: 1,
        });
        expect(answer.status).toBe(400);
        expect(answer.body.errors).toEqual([expect.objectContaining({ field: ['amount'], types: ['isMoneyAmount'] })]);
      },
    );

    it(
      'POST /customers with "\\ud800" is 400; ' + 'the corrected retry with the same reference_id then succeeds',
      async () => {
        const referenceId = uid('ref');
        const hostile = await fetch(`${gateway.baseUrl}/customers`, {
          method: 'POST',
          headers: { authorization: basicAuth(business.test.secret_key), 'content-type': 'application/json' },
          body: `{"reference_id":"${referenceId}","given_names":"Bu\\ud800di","email":"budi@example.com"}`,
        });
        expect(hostile.status).toBe(400);
        expect(await hostile.json()).toMatchObject({
          error_code: 'API_VALIDATION_ERROR',
          errors: [expect.objectContaining({ field: ['given_names'], types: ['wellFormedUnicode'] })],
        });
        const retry = await api('POST', '/customers', {
          reference_id: referenceId,
          given_names: 'Budi',
          email: 'budi@example.com',
        });
        expect(retry.status).toBe(200);
        expect(retry.body).toMatchObject({ reference_id: referenceId, given_names: 'Budi' });
      },
    );

    it(
      'a customer create whose customer append fails releases its reference_id: the retry succeeds at once, ' +
        'not 409 for 60 s',
      async () => {
        // PostgreSQL itself refuses the customer's event (as it refused "\ud800" before the edge rule existed).
        await gateway.db.pool.query(`
        CREATE FUNCTION refuse_customer_events() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
        CREATE TRIGGER refuse_customer_events BEFORE INSERT ON es_events FOR EACH ROW
          WHEN (NEW.stream_name LIKE 'customer-%') EXECUTE FUNCTION refuse_customer_events();`);
        const referenceId = uid('ref');
        let failed: Awaited<ReturnType<typeof api>>;
        try {
          failed = await api('POST', '/customers', {
            reference_id: referenceId,
            given_names: 'Budi',
            email: 'budi@example.com',
          });
        } finally {
          await gateway.db.pool.query(
            'DROP TRIGGER refuse_customer_events ON es_events; DROP FUNCTION refuse_customer_events();',
          );
        }
        expect(failed.status).toBeGreaterThanOrEqual(400);
        const retry = await api('POST', '/customers', {
          reference_id: referenceId,
          given_names: 'Budi',
          email: 'budi@example.com',
        });
        expect({ status: retry.status, body: retry.body }).toMatchObject({
          status: 200,
          body: { reference_id: referenceId },
        });
        expect((await api('GET', `/customers?reference_id=${referenceId}`)).body).toHaveLength(1);
      },
    );
  });
});
