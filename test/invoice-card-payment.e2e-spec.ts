import { AdvanceTestClockCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { type ChargeView, CreateChargeCommand } from '@gateway/cards';
import { PayInvoiceCommand } from '@gateway/invoices';
import { feeFor, feeRuleFor } from '@gateway/ledger';
import { CommandBus } from '@nestjs/cqrs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './support/browser';
import { createDashboardUser, DashboardClient, TEST_PASSWORD } from './support/dashboard-client';
import { FUTURE_YEAR, TEST_CARDS, tokenRequest } from './support/cards';
import { eventually } from './support/eventually';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

const ARTIFACTS = join(__dirname, 'artifacts', 'invoice-page');
const PHONE = { width: 390, height: 844 };

/**
 * Paying an invoice by card from the hosted page: cards.js tokenizes with a public key the gateway
 * keeps for the page, 3DS runs on the hosted authentication page in a frame, the gateway charges
 * the token and marks the invoice paid. The money is counted once (the invoice records it).
 */
describe('invoice paid by card from the hosted page', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchBrowser();
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app, { name: 'Toko Kartu' });
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.close();
  });

  const api = (method: string, path: string, body?: unknown, key = merchant.test.secret_key) =>
    call(gateway.baseUrl, key, method, path, { body });
  const create = (body: Record<string, unknown>, key = merchant.test.secret_key) =>
    api(
      'POST',
      '/v2/invoices',
      {
        external_id: `card-${Date.now()}`,
        payer_email: 'payer@example.com',
        description: 'Card order',
        amount: 64_000,
        ...body,
      },
      key,
    ).then((r) => r.body);
  const payCard = (invoiceId: string, form: string) =>
    fetch(`${gateway.baseUrl}/web/invoices/${invoiceId}/pay_card`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      redirect: 'manual',
    });

  it(
    'pays with a 3DS test card in Chromium; the page then shows it paid; ' +
      'the balance holds the amount less one fee',
    async () => {
      const invoice = await create({ payment_methods: ['CREDIT_CARD', 'BCA'] });
      const context = await browser.browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      await page.goto(`${gateway.baseUrl}/web/invoices/${invoice.id}`);
      await page.fill('#card-number', TEST_CARDS.enrolledVisa);
      await page.fill('#card-exp-month', '12');
      await page.fill('#card-exp-year', FUTURE_YEAR);
      await page.fill('#card-cvn', '123');
      await page.screenshot({ path: join(ARTIFACTS, 'card-form-phone.png'), fullPage: true });
      await page.click('#card-pay');
      const frame = page.frameLocator('#three-ds');
      await frame.locator('#code').waitFor();
      expect(await frame.locator('#amount').innerText()).toBe('IDR 64,000');
      await page.screenshot({ path: join(ARTIFACTS, 'card-3ds-phone.png'), fullPage: true });
      await frame.locator('#code').fill('123456');
      await frame.locator('#complete').click();
      await page.waitForSelector('#status', { timeout: 20_000 });
      expect(await page.textContent('#invoice-status')).toBe('PAID');
      await page.screenshot({ path: join(ARTIFACTS, 'paid-by-card-phone.png'), fullPage: true });
      await context.close();

      const paid = (await api('GET', `/v2/invoices/${invoice.id}`)).body;
      expect(paid).toMatchObject({
        status: 'PAID',
        payment_method: 'CREDIT_CARD',
        payment_channel: 'CREDIT_CARD',
        paid_amount: 64_000,
        credit_card_charge_id: expect.any(String),
      });
      expect(paid).not.toHaveProperty('payment_destination');
      const charge = (await api('GET', `/credit_card_charges/${paid.credit_card_charge_id}`)).body;
      expect(charge).toMatchObject({
        status: 'CAPTURED',
        capture_amount: 64_000,
        external_id: invoice.external_id,
        eci: '5',
      });

      const { fee, feeTax } = feeFor(64_000, feeRuleFor('CREDIT_CARD', undefined));
      const holding = await eventually(
        () => api('GET', '/balance?account_type=HOLDING'),
        (r) => r.body.balance !== 0,
      );
      expect(holding.body.balance).toBe(64_000 - fee - feeTax);
      // The capture was appended after the invoice's payment: give the journal time to see it too (it adds nothing).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await api('GET', '/balance?account_type=HOLDING')).body.balance).toBe(64_000 - fee - feeTax);
    },
  );

  it(
    'charges a token posted to the page route once; ' +
      'refuses a paid invoice, an invoice without cards, and bad input',
    async () => {
      const token = (
        await api(
          'POST',
          '/v2/credit_card_tokens',
          tokenRequest(TEST_CARDS.notEnrolledMastercard, { amount: 50_000 }),
          merchant.test.public_key,
        )
      ).body;
      expect(token.status).toBe('VERIFIED');
      const invoice = await create({
        amount: 50_000,
        payment_methods: ['CREDIT_CARD'],
        success_redirect_url: 'https://shop.example/done',
      });
      const paid = await payCard(invoice.id, `token_id=${token.id}&authentication_id=${token.authentication_id ?? ''}`);
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe('https://shop.example/done');
      expect((await api('GET', `/v2/invoices/${invoice.id}`)).body).toMatchObject({
        status: 'PAID',
        payment_method: 'CREDIT_CARD',
      });

      const again = await payCard(invoice.id, `token_id=${token.id}`);
      expect(again.status).toBe(400);
      expect(await again.text()).toContain('PAID');

      const noCards = await create({ payment_methods: ['BCA'] });
      const refused = await payCard(noCards.id, `token_id=${token.id}`);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('cannot be paid by CREDIT_CARD');
      const page = await (await fetch(`${gateway.baseUrl}/web/invoices/${noCards.id}`)).text();
      expect(page).not.toContain('card-form');

      expect((await payCard(invoice.id, 'token_id=')).status).toBe(400);
      expect((await payCard(invoice.id, `token_id=${'x'.repeat(500)}`)).status).toBe(400);
      expect((await payCard('0'.repeat(24), `token_id=${token.id}`)).status).toBe(404);
    },
  );

  it(
    "issue 18: a same-day refund of a card-paid invoice draws on the invoice's own unsettled money (settled early, " +
      'once), not only on CASH',
    async () => {
      const shop = await provisionBusiness(gateway.app, { name: 'Toko Refund' });
      const shopApi = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
        call(gateway.baseUrl, shop.test.secret_key, method, path, { body, headers });
      const balance = async (account: string) =>
        (await shopApi('GET', `/balance?account_type=${account}`)).body.balance as number;
      const token = (
        await api(
          'POST',
          '/v2/credit_card_tokens',
          tokenRequest(TEST_CARDS.notEnrolledMastercard, { amount: 50_000 }),
          shop.test.public_key,
        )
      ).body;
      const invoice = await create({ amount: 50_000, payment_methods: ['CREDIT_CARD'] }, shop.test.secret_key);
      expect(
        (await payCard(invoice.id, `token_id=${token.id}&authentication_id=${token.authentication_id ?? ''}`)).status,
      ).toBe(303);
      const { rows } = await gateway.db.pool.query<{ charge_id: string }>(
        'SELECT charge_id FROM card_charges WHERE business_id = $1 AND external_id = $2',
        [shop.business_id, invoice.external_id],
      );
      const chargeId = await eventually(
        async () => (await shopApi('GET', `/credit_card_charges/${rows[0]?.charge_id}`)).body,
        (charge) => charge.status === 'CAPTURED',
      );
      const { fee, feeTax } = feeFor(50_000, feeRuleFor('CREDIT_CARD', undefined));
      const net = 50_000 - fee - feeTax;
      expect({ cash: await balance('CASH'), holding: await balance('HOLDING') }).toEqual({ cash: 0, holding: net });

      // CASH is 0: the refund can only be paid from the invoice's money, still in HOLDING.
      const refund = await shopApi(
        'POST',
        `/credit_card_charges/${chargeId.id}/refunds`,
        { external_id: 'same-day', amount: 40_000 },
        { 'api-version': '2019-05-01' },
      );
      expect(refund.body).toMatchObject({ status: 'SUCCEEDED', amount: 40_000 });
      expect({ cash: await balance('CASH'), holding: await balance('HOLDING') }).toEqual({
        cash: net - 40_000,
        holding: 0,
      });
      await eventually(
        async () => (await shopApi('GET', `/v2/invoices/${invoice.id}`)).body.status,
        (status) => status === 'SETTLED',
      );

      // The settlement job, later, finds the invoice settled and credits nothing twice.
      await gateway.app.get(CommandBus).execute(
        new AdvanceTestClockCommand(shop.business_id, 3 * 86_400_000, {
          requestId: 'req_refund_settle',
          actor: 'system:test',
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect({ cash: await balance('CASH'), holding: await balance('HOLDING') }).toEqual({
        cash: net - 40_000,
        holding: 0,
      });
      const reconciled = await shopApi('GET', '/ledger/reconciliation');
      expect(reconciled.body).toMatchObject({ ok: true });
    },
  );

  it(
    'a crash between the invoice payment and the capture: ' +
      'the follow-up job captures the charge left AUTHORIZED, once',
    async () => {
      const business = await provisionBusiness(gateway.app, { name: 'Toko Crash' });
      const bApi = (method: string, path: string, body?: unknown) =>
        call(gateway.baseUrl, business.test.secret_key, method, path, { body });
      const token = (
        await call(gateway.baseUrl, business.test.public_key, 'POST', '/v2/credit_card_tokens', {
          body: tokenRequest(TEST_CARDS.notEnrolledMastercard, { multiple: true }),
        })
      ).body;
      const invoice = (
        await bApi('POST', '/v2/invoices', {
          external_id: 'crash-1',
          payer_email: 'p@example.com',
          description: 'Crash window',
          amount: 70_000,
          payment_methods: ['CREDIT_CARD'],
        })
      ).body;
      const commands = gateway.app.get(CommandBus);
      const context = {
        requestId: 'req_crash_window',
        actor: 'system:test',
        businessId: business.business_id,
        mode: 'test' as const,
      };
      // Exactly what PayInvoiceByCardHandler does up to the capture, then "the process dies".
      const charge: ChargeView = await commands.execute(
        new CreateChargeCommand(
          business.business_id,
          'test',
          {
            tokenId: token.id,
            externalId: invoice.external_id,
            amount: 70_000,
            capture: false,
            isRecurring: false,
            merchantInitiated: true,
            moneyRecordedBy: { context: 'invoices', resourceId: invoice.id },
          },
          context,
        ),
      );
      expect(charge.status).toBe('AUTHORIZED');
      await commands.execute(
        new PayInvoiceCommand(
          business.business_id,
          'test',
          invoice.id,
          {
            method: 'CREDIT_CARD',
            channel: 'CREDIT_CARD',
            destination: '',
            paymentId: charge.chargeId,
            amount: 70_000,
            creditCardChargeId: charge.chargeId,
          },
          context,
        ),
      );

      // The window: the invoice is PAID, the charge still AUTHORIZED.
      await eventually(
        () => bApi('GET', `/v2/invoices/${invoice.id}`),
        (r) => r.body.status === 'PAID',
      );
      expect((await bApi('GET', `/credit_card_charges/${charge.chargeId}`)).body.status).toBe('AUTHORIZED');
      // The follow-up job written with the paid invoice's row is due a minute later on the business's clock.
      await commands.execute(new AdvanceTestClockCommand(business.business_id, 61_000, context));
      const captured = await eventually(
        () => bApi('GET', `/credit_card_charges/${charge.chargeId}`),
        (r) => r.body.status === 'CAPTURED',
      );
      expect(captured.body).toMatchObject({ status: 'CAPTURED', capture_amount: 70_000 });
      expect((await bApi('GET', `/v2/invoices/${invoice.id}`)).body).toMatchObject({
        status: 'PAID',
        credit_card_charge_id: charge.chargeId,
      });
      const { fee, feeTax } = feeFor(70_000, feeRuleFor('CREDIT_CARD', undefined));
      expect(
        (
          await eventually(
            () => bApi('GET', '/balance?account_type=HOLDING'),
            (r) => r.body.balance !== 0,
          )
        ).body.balance,
      ).toBe(70_000 - fee - feeTax);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await bApi('GET', '/balance?account_type=HOLDING')).body.balance).toBe(70_000 - fee - feeTax);
      // A second capture would be refused: the job captured once and the charge is final.
      expect(
        (await bApi('POST', `/credit_card_charges/${charge.chargeId}/capture`, { amount: 70_000 })).body.error_code,
      ).toBe('INVALID_CHARGE_STATUS_ERROR');
    },
  );

  it(
    'a used single-use token is refused and the invoice stays PENDING; ' + 'the card form is offered in live mode too',
    async () => {
      const token = (
        await api(
          'POST',
          '/v2/credit_card_tokens',
          tokenRequest(TEST_CARDS.notEnrolledMastercard, { amount: 40_000 }),
          merchant.test.public_key,
        )
      ).body;
      const first = await create({ amount: 40_000, payment_methods: ['CREDIT_CARD'] });
      expect((await payCard(first.id, `token_id=${token.id}`)).status).toBe(303);
      const second = await create({ amount: 40_000, payment_methods: ['CREDIT_CARD'] });
      const reused = await payCard(second.id, `token_id=${token.id}`);
      expect(reused.status).toBe(400);
      expect((await api('GET', `/v2/invoices/${second.id}`)).body.status).toBe('PENDING');

      await api('PATCH', '/settings', { enabled_payment_channels: ['CREDIT_CARD', 'BCA'] }, merchant.live.secret_key);
      const live = await create({ payment_methods: ['CREDIT_CARD'] }, merchant.live.secret_key);
      const response = await fetch(`${gateway.baseUrl}/web/invoices/${live.id}`);
      const html = await response.text();
      expect(html).toContain('id="card-form"');
      expect(html).toMatch(/xnd_public_production_|xnd_public_/);
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self' 'nonce-");
    },
  );

  it(
    "lists a card charge the invoice made once on the dashboard's transactions page (under the invoice); " +
      'a charge of its own as a card charge',
    async () => {
      const business = await provisionBusiness(gateway.app, { name: 'Toko Dasbor Kartu' });
      const own = (method: string, path: string, body?: unknown, key = business.test.secret_key) =>
        call(gateway.baseUrl, key, method, path, { body });
      const verifiedToken = async (amount: number) => {
        const token = (
          await own(
            'POST',
            '/v2/credit_card_tokens',
            tokenRequest(TEST_CARDS.notEnrolledMastercard, { amount }),
            business.test.public_key,
          )
        ).body;
        expect(token.status).toBe('VERIFIED');
        return token;
      };
      const invoiceToken = await verifiedToken(30_000);
      const invoice = await create({ amount: 30_000, payment_methods: ['CREDIT_CARD'] }, business.test.secret_key);
      expect(
        (
          await payCard(
            invoice.id,
            `token_id=${invoiceToken.id}&authentication_id=${invoiceToken.authentication_id ?? ''}`,
          )
        ).status,
      ).toBe(303);
      const paid = (await own('GET', `/v2/invoices/${invoice.id}`)).body;
      expect(paid).toMatchObject({ status: 'PAID', payment_method: 'CREDIT_CARD' });
      const invoiceCharge = paid.payment_id as string;
      const ownToken = await verifiedToken(21_000);
      const direct = await own('POST', '/credit_card_charges', {
        token_id: ownToken.id,
        authentication_id: ownToken.authentication_id,
        external_id: `own-${Date.now()}`,
        amount: 21_000,
      });
      expect(direct.status).toBe(200);

      const user = await createDashboardUser(gateway.app, business.business_id, 'admin');
      const client = new DashboardClient(gateway.baseUrl);
      expect((await client.signIn(user.email, TEST_PASSWORD)).status).toBe(303);
      const page = await client.get('/dashboard/transactions');
      expect(page.status).toBe(200);
      expect(page.text).toContain(invoice.id);
      expect(page.text).toContain(direct.body.id);
      expect(page.text).not.toContain(invoiceCharge);
      const chargesOnly = await client.get('/dashboard/transactions?product=card-charges');
      expect((chargesOnly.text.match(/>Card charge( \([A-Z]+\))?<\/td>/g) ?? []).length).toBe(1);
      expect(chargesOnly.text).not.toContain(invoiceCharge);
      // The invoice's charge keeps its own detail page, reachable by its id.
      expect((await client.get(`/dashboard/transactions/card-charges/${invoiceCharge}`)).status).toBe(200);
    },
  );
});
