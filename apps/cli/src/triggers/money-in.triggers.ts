import type { GatewayClient } from '../http/gateway-client';
import type { Trigger, TriggerResult } from './trigger';

const AMOUNT = 50_000;
const PAYER_EMAIL = 'payer@example.com';
/** A MASTERCARD test card that is not enrolled in 3DS: its token is VERIFIED at once (docs/cards.md). */
const NOT_ENROLLED_CARD = '5200000000000056';
/** Any OVO phone pays at once in test mode, except the failing ones (081200000001-8). */
const PAYING_OVO_PHONE = '081234567890';
const DECLINING_OVO_PHONE = '081200000002';

interface Invoice {
  id: string;
  amount: number;
  available_banks: { bank_code: string; bank_account_number: string }[];
}

/** What the triggers read of the resources they create (the API answers more). */
interface Created {
  id: string;
  status?: string;
}
interface CardToken extends Created {
  authentication_id?: string;
}
interface VirtualAccount extends Created {
  account_number: string;
  bank_code: string;
}

async function createInvoice(api: GatewayClient, tag: string, steps: string[]): Promise<Invoice> {
  const invoice = await api.post<Invoice>('/v2/invoices', {
    external_id: `${tag}-invoice`,
    payer_email: PAYER_EMAIL,
    description: 'Made by cli trigger',
    amount: AMOUNT,
  });
  steps.push(`POST /v2/invoices -> ${invoice.id}`);
  return invoice;
}

/** The payer transfers the amount to the invoice's first bank account (the VA simulator). */
async function payInvoice(api: GatewayClient, invoice: Invoice, steps: string[]): Promise<void> {
  const bank = invoice.available_banks[0];
  if (!bank) throw new Error(`invoice ${invoice.id} offers no bank to pay it with`);
  await api.post('/pool_virtual_accounts/simulate_payment', {
    bank_code: bank.bank_code,
    bank_account_number: bank.bank_account_number,
    transfer_amount: invoice.amount,
  });
  steps.push(`POST /pool_virtual_accounts/simulate_payment (${bank.bank_code} ${bank.bank_account_number})`);
}

async function createVirtualAccount(api: GatewayClient, tag: string, steps: string[]): Promise<VirtualAccount> {
  const account = await api.post<VirtualAccount>('/callback_virtual_accounts', {
    external_id: `${tag}-va`,
    bank_code: 'BNI',
    name: 'Trigger Test',
  });
  steps.push(`POST /callback_virtual_accounts -> ${account.id}`);
  return account;
}

async function refundedCharge(api: GatewayClient, tag: string, refundExternalId: string): Promise<TriggerResult> {
  const steps: string[] = [];
  const year = String(new Date().getUTCFullYear() + 3);
  const token = await api.post<CardToken>('/v2/credit_card_tokens', {
    is_single_use: true,
    should_authenticate: true,
    amount: String(AMOUNT),
    card_data: { account_number: NOT_ENROLLED_CARD, exp_month: '12', exp_year: year, cvn: '123' },
  });
  steps.push(`POST /v2/credit_card_tokens -> ${token.id} (${token.status})`);
  const charge = await api.post<Created>('/credit_card_charges', {
    token_id: token.id,
    authentication_id: token.authentication_id,
    external_id: `${tag}-charge`,
    amount: AMOUNT,
  });
  steps.push(`POST /credit_card_charges -> ${charge.id} (${charge.status})`);
  const refund = await api.post<Created>(`/credit_card_charges/${charge.id}/refunds`, {
    amount: AMOUNT,
    external_id: refundExternalId,
  });
  steps.push(`POST /credit_card_charges/${charge.id}/refunds -> ${refund.id} (${refund.status})`);
  return { resourceId: refund.id, steps };
}

async function ovoPayment(api: GatewayClient, tag: string, phone: string): Promise<TriggerResult> {
  // 2020-02-01: the asynchronous OVO flow that ends in a callback.
  const payment = await api.post<{ external_id?: string; status?: string }>(
    '/ewallets',
    { external_id: `${tag}-ovo`, amount: 20_000, phone, ewallet_type: 'OVO' },
    { headers: { 'x-api-version': '2020-02-01' } },
  );
  return {
    resourceId: payment.external_id ?? `${tag}-ovo`,
    steps: [`POST /ewallets (OVO, phone ${phone}) -> ${payment.status ?? 'PENDING'}`],
  };
}

export const MONEY_IN_TRIGGERS: Trigger[] = [
  {
    name: 'invoice.paid',
    callbackKind: 'invoice',
    description: 'an invoice, paid by a simulated bank transfer to its virtual account',
    async run(api, tag) {
      const steps: string[] = [];
      const invoice = await createInvoice(api, tag, steps);
      await payInvoice(api, invoice, steps);
      return { resourceId: invoice.id, steps };
    },
  },
  {
    name: 'invoice.expired',
    callbackKind: 'invoice',
    description: 'an invoice, expired at once (POST /invoices/{id}/expire!)',
    async run(api, tag) {
      const steps: string[] = [];
      const invoice = await createInvoice(api, tag, steps);
      await api.post(`/invoices/${invoice.id}/expire!`);
      steps.push(`POST /invoices/${invoice.id}/expire!`);
      return { resourceId: invoice.id, steps };
    },
  },
  {
    name: 'recurring.cycle_paid',
    callbackKind: 'invoice',
    description:
      "a monthly recurring payment; its first cycle's invoice, paid (the invoice callback names the recurring payment)",
    async run(api, tag) {
      const steps: string[] = [];
      const recurring = await api.post<Created>('/recurring_payments', {
        external_id: `${tag}-recurring`,
        payer_email: PAYER_EMAIL,
        description: 'Made by cli trigger',
        amount: AMOUNT,
        interval: 'MONTH',
        interval_count: 1,
      });
      steps.push(`POST /recurring_payments -> ${recurring.id}`);
      // The first cycle's invoice is issued by the schedule, right after creation.
      const invoice = await eventually(
        async () =>
          (await api.get<Invoice[]>(`/v2/invoices?recurring_payment_id=${encodeURIComponent(recurring.id)}`))[0],
      );
      if (!invoice)
        throw new Error(`recurring payment ${recurring.id} issued no invoice within 15 s (is a worker running?)`);
      steps.push(`GET /v2/invoices?recurring_payment_id=${recurring.id} -> ${invoice.id}`);
      await payInvoice(api, invoice, steps);
      return { resourceId: invoice.id, steps };
    },
  },
  {
    name: 'virtual_account.created',
    callbackKind: 'fva_status',
    description: 'a fixed virtual account (BNI), created',
    async run(api, tag) {
      const steps: string[] = [];
      const account = await createVirtualAccount(api, tag, steps);
      return { resourceId: account.id, steps };
    },
  },
  {
    name: 'virtual_account.updated',
    callbackKind: 'fva_status',
    description: 'a fixed virtual account, created and then updated (two fva_status callbacks)',
    async run(api, tag) {
      const steps: string[] = [];
      const account = await createVirtualAccount(api, tag, steps);
      // A later expiry (every bank accepts one; suggested amounts are for some banks only).
      const expiration = new Date(Date.now() + 365 * 86_400_000).toISOString();
      await api.patch(`/callback_virtual_accounts/${account.id}`, { expiration_date: expiration });
      steps.push(`PATCH /callback_virtual_accounts/${account.id} (expiration_date ${expiration})`);
      return { resourceId: account.id, steps };
    },
  },
  {
    name: 'virtual_account.paid',
    callbackKind: 'fva_paid',
    description: 'a fixed virtual account, paid by a simulated bank transfer',
    async run(api, tag) {
      const steps: string[] = [];
      const account = await createVirtualAccount(api, tag, steps);
      const paid = await api.post<{ payment_id?: string }>('/pool_virtual_accounts/simulate_payment', {
        bank_code: account.bank_code,
        bank_account_number: account.account_number,
        transfer_amount: AMOUNT,
      });
      steps.push(`POST /pool_virtual_accounts/simulate_payment -> ${paid.payment_id ?? 'paid'}`);
      return { resourceId: account.id, steps };
    },
  },
  {
    name: 'payment_code.paid',
    callbackKind: 'ro_fpc_paid',
    description: 'a fixed payment code (ALFAMART), paid at a simulated till',
    async run(api, tag) {
      const code = await api.post<Created & { payment_code: string }>('/fixed_payment_code', {
        external_id: `${tag}-fpc`,
        retail_outlet_name: 'ALFAMART',
        name: 'Trigger Test',
        expected_amount: 20_000,
      });
      await api.post('/fixed_payment_code/simulate_payment', {
        retail_outlet_name: 'ALFAMART',
        payment_code: code.payment_code,
        transfer_amount: 20_000,
      });
      return {
        resourceId: code.id,
        steps: [
          `POST /fixed_payment_code -> ${code.id}`,
          `POST /fixed_payment_code/simulate_payment (${code.payment_code})`,
        ],
      };
    },
  },
  {
    name: 'ewallet.paid',
    callbackKind: 'ewallet',
    description: 'an OVO payment (API version 2020-02-01) the simulated payer approves at once',
    run: (api, tag) => ovoPayment(api, tag, PAYING_OVO_PHONE),
  },
  {
    name: 'ewallet.failed',
    callbackKind: 'ewallet',
    description: 'an OVO payment the simulated payer declines (USER_DECLINED_THE_TRANSACTION)',
    run: (api, tag) => ovoPayment(api, tag, DECLINING_OVO_PHONE),
  },
  {
    name: 'credit_card_refund.succeeded',
    callbackKind: 'credit_card_refund',
    description: 'a card charge (a test card without 3DS), refunded in full',
    run: (api, tag) => refundedCharge(api, tag, `${tag}-refund`),
  },
  {
    name: 'credit_card_refund.failed',
    callbackKind: 'credit_card_refund',
    description: 'a card charge whose refund the simulated network rejects (REFUND_FAILED)',
    run: (api, tag) => refundedCharge(api, tag, `fail_refund-${tag}`),
  },
];

async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
