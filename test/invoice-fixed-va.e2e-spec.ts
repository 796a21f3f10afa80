import { feeFor, feeRuleFor } from '@gateway/ledger';
import { randomUUID } from 'node:crypto';
import { eventually } from './support/eventually';
import { gatewayWithReceiver } from './support/gateway-with-receiver';
import { call, provisionBusiness } from './support/test-business';

/**
 * `callback_virtual_account_id`: an invoice offered on one of the business's fixed VAs, paid when
 * a transfer of exactly the invoice amount arrives on that account while the invoice is PENDING.
 * The invoice records the money (the account's payment appends none); the merchant gets the
 * invoice callback, not the fixed VA's.
 */
describe('invoices paid through a fixed virtual account', () => {
  const running = gatewayWithReceiver();

  async function scenario() {
    const business = await provisionBusiness(running.gateway.app);
    const api = (method: string, path: string, body?: unknown, key = business.test.secret_key) =>
      call(running.gateway.baseUrl, key, method, path, { body });
    const createVa = (body: Record<string, unknown> = {}) =>
      api('POST', '/callback_virtual_accounts', {
        external_id: `va-${randomUUID()}`,
        bank_code: 'BRI',
        name: 'Budi Santoso',
        ...body,
      }).then((r) => {
        expect(r.status).toBe(200);
        return r.body;
      });
    const createInvoice = (body: Record<string, unknown>, key = business.test.secret_key) =>
      api(
        'POST',
        '/v2/invoices',
        {
          external_id: `inv-${randomUUID()}`,
          payer_email: 'budi@example.com',
          description: 'Order',
          amount: 80_000,
          ...body,
        },
        key,
      );
    const transfer = (va: { bank_code: string; account_number: string }, amount: number) =>
      api('POST', '/pool_virtual_accounts/simulate_payment', {
        bank_code: va.bank_code,
        bank_account_number: va.account_number,
        transfer_amount: amount,
      });
    const holding = () => api('GET', '/balance?account_type=HOLDING').then((r) => r.body.balance as number);
    return { business, api, createVa, createInvoice, transfer, holding };
  }
  const fees = (amount: number, channel: string) => {
    const { fee, feeTax } = feeFor(amount, feeRuleFor(channel, undefined));
    return fee + feeTax;
  };

  it(
    'lists the fixed VA in available_banks and is PAID by an exact transfer on it; money once; ' +
      'the invoice callback only',
    async () => {
      const { api, createVa, createInvoice, transfer, holding } = await scenario();
      expect(
        (await api('POST', '/callback_urls/invoice', { url: `${running.receiver.url}/fixed-invoice` })).status,
      ).toBe(200);
      expect((await api('POST', '/callback_urls/fva_paid', { url: `${running.receiver.url}/fixed-fva` })).status).toBe(
        200,
      );
      const va = await createVa();
      const created = await createInvoice({ callback_virtual_account_id: va.id, payment_methods: ['BCA'] });
      expect(created.status).toBe(200);
      const invoice = created.body;
      expect(invoice.callback_virtual_account_id).toBe(va.id);
      // The account "enables that payment method": BRI is offered though only BCA was asked for.
      expect(invoice.available_banks).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            bank_code: 'BRI',
            collection_type: 'CALLBACK_VIRTUAL_ACCOUNT',
            bank_account_number: va.account_number,
            transfer_amount: 80_000,
            account_holder_name: 'Budi Santoso',
          }),
          expect.objectContaining({ bank_code: 'BCA', collection_type: 'POOL' }),
        ]),
      );

      const paid = await transfer(va, 80_000);
      expect(paid.status).toBe(200);
      const done = await eventually(
        () => api('GET', `/v2/invoices/${invoice.id}`),
        (r) => r.body.status === 'PAID',
      );
      expect(done.body).toMatchObject({
        status: 'PAID',
        payment_method: 'BANK_TRANSFER',
        payment_channel: 'BRI',
        bank_code: 'BRI',
        payment_destination: va.account_number,
        payment_id: paid.body.payment_id,
        paid_amount: 80_000,
      });
      // The VA payment is still a VA payment (its read resource), under the id the invoice names.
      expect(
        (await api('GET', `/callback_virtual_account_payments/payment_id=${paid.body.payment_id}`)).body,
      ).toMatchObject({ payment_id: paid.body.payment_id, amount: 80_000 });

      expect(await eventually(holding, (balance) => balance !== 0)).toBe(80_000 - fees(80_000, 'BRI'));
      const callbacks = await eventually(
        async () => running.receiver.received.filter((c) => c.path.startsWith('/fixed-')),
        (list) => list.length >= 1,
      );
      expect(callbacks[0]).toMatchObject({
        path: '/fixed-invoice',
        json: expect.objectContaining({ id: invoice.id, status: 'PAID', payment_channel: 'BRI' }),
      });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await holding()).toBe(80_000 - fees(80_000, 'BRI'));
      expect(running.receiver.received.filter((c) => c.path === '/fixed-fva')).toEqual([]);
    },
  );

  it(
    'another amount, or a transfer after the invoice is no longer PENDING, ' +
      'is an ordinary fixed VA payment (the VA records its money)',
    async () => {
      const { api, createVa, createInvoice, transfer, holding } = await scenario();
      const va = await createVa();
      const invoice = (await createInvoice({ callback_virtual_account_id: va.id })).body;
      expect((await transfer(va, 12_345)).status).toBe(200);
      expect((await api('GET', `/v2/invoices/${invoice.id}`)).body.status).toBe('PENDING');
      expect(await eventually(holding, (balance) => balance === 12_345 - fees(12_345, 'BRI'))).toBe(
        12_345 - fees(12_345, 'BRI'),
      );

      expect((await api('POST', `/invoices/${invoice.id}/expire!`)).status).toBe(200);
      expect((await transfer(va, 80_000)).status).toBe(200);
      const expected = 12_345 - fees(12_345, 'BRI') + 80_000 - fees(80_000, 'BRI');
      expect(await eventually(holding, (balance) => balance === expected)).toBe(expected);
      expect((await api('GET', `/v2/invoices/${invoice.id}`)).body.status).toBe('EXPIRED');
    },
  );

  it(
    'two PENDING invoices on one account: ' + 'each exact transfer pays the oldest one waiting for that amount',
    async () => {
      const { api, createVa, createInvoice, transfer } = await scenario();
      const va = await createVa();
      const first = (await createInvoice({ callback_virtual_account_id: va.id })).body;
      const second = (await createInvoice({ callback_virtual_account_id: va.id })).body;
      await transfer(va, 80_000);
      await eventually(
        () => api('GET', `/v2/invoices/${first.id}`),
        (r) => r.body.status === 'PAID',
      );
      expect((await api('GET', `/v2/invoices/${second.id}`)).body.status).toBe('PENDING');
      await transfer(va, 80_000);
      expect(
        (
          await eventually(
            () => api('GET', `/v2/invoices/${second.id}`),
            (r) => r.body.status === 'PAID',
          )
        ).body.status,
      ).toBe('PAID');
    },
  );

  it(
    'CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR (404) for an unknown account, another business, ' +
      'the other mode or an inactive account',
    async () => {
      const { business, api, createVa, createInvoice } = await scenario();
      const other = await scenario();
      const mine = await createVa();
      const theirs = await other.createVa();
      const expired = await createVa();
      expect(
        (
          await api('PATCH', `/callback_virtual_accounts/${expired.id}`, {
            expiration_date: new Date(Date.now() - 60_000).toISOString(),
          })
        ).status,
      ).toBe(200);
      const cases: [string, string, string?][] = [
        ['unknown', '0'.repeat(24)],
        ['malformed', 'not an id'],
        ["another business's", theirs.id],
        ['inactive', expired.id],
        ['the other mode', mine.id, business.live.secret_key],
      ];
      for (const [label, id, key] of cases) {
        const response = await createInvoice({ callback_virtual_account_id: id }, key);
        expect([label, response.status, response.body.error_code]).toEqual([
          label,
          404,
          'CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR',
        ]);
      }
      const closed = await createVa({ is_closed: true, expected_amount: 50_000 });
      const refused = await createInvoice({ callback_virtual_account_id: closed.id });
      expect([refused.status, refused.body.error_code]).toEqual([400, 'API_VALIDATION_ERROR']);
      expect((await createInvoice({ callback_virtual_account_id: closed.id, amount: 50_000 })).status).toBe(200);
    },
  );
});
