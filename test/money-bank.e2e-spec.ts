import { AdvanceTestClockCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { Clock } from '@gateway/clock';
import { CommandBus } from '@nestjs/cqrs';
import fc from 'fast-check';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BalanceSample, sampleBalance } from './support/balance-sampler';
import { TEST_CARDS, tokenize, updateTestSettings, verifiedToken } from './support/cards';
import { lastValueWithin } from './support/eventually';
import { projectionsBehind } from './support/projections-idle';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * The Jepsen bank test over EVERY money-moving operation (issue 18, "Done when"), black box over
 * HTTP: one business in test mode, two api instances (each with its worker) on one database, and
 * a random mix of top-ups, card charges and captures, refunds in both API versions, disbursements
 * single and batch, fixed VA, payment code, invoice and eWallet payments and test-clock advances,
 * run CONCURRENCY at a time. Meanwhile a sampler reads CASH every 20-50 ms. Afterwards (every
 * outcome awaited, everything settled):
 * - CASH was never below zero at any sampled moment;
 * - the ledger's reconciliation report is ok with no finding of any kind (differences, and the
 *   overdraft replay's findings once it reports them: every array in the report must be empty);
 * - money is conserved, from the API's own final answers: Σ net of successful money in
 *   − Σ SUCCEEDED refunds − Σ COMPLETED disbursements = CASH + HOLDING, nothing left in HOLDING,
 *   and TAX = Σ VAT of the fees (fees per docs/ledger.md §3, computed here independently);
 * - nothing created, nothing lost: every 200 answer's resource exists with what was answered, no
 *   refused answer left an effect (looked up by external id), one-shot things happened once.
 * Every run draws a new seed (printed); `BANK_SEED=<seed> BANK_OPS=<n>` replays a round's
 * operations (the interleaving is the machine's). A failure prints the seed, every violation and
 * the operation log (also written to test/artifacts/money-bank/).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CONCURRENCY = 20;
const SYNC_REFUND = { 'api-version': '2019-05-01' };
const context = { requestId: 'req_money_bank', actor: 'system:test' };
/** Spec test table (docs/ledger.md §8): destination accounts whose transfer fails, and how. */
const FAILING_ACCOUNTS: Record<number, string> = {
  1: 'INVALID_DESTINATION',
  2: 'REJECTED_BY_BANK',
  3: 'TRANSFER_ERROR',
  4: 'TEMPORARY_TRANSFER_ERROR',
  5: 'INSUFFICIENT_BALANCE',
};
/** OVO payer behaviours of test mode by phone number (libs/ewallets ovo-payer-simulator). */
const OVO_PHONES = {
  pay: '081234567890',
  slowPay: '081200000009',
  decline: '081200000002',
  timeout: '081200000005',
} as const;
const VA_BANKS = ['BNI', 'BRI', 'MANDIRI', 'PERMATA', 'BCA'] as const;

// ---------------------------------------------------------------------------------------------
// Operations: what the generator draws. Targets that depend on the run (which charge to refund)
// are an index (`pick`) into what exists when the operation starts.

type App = 0 | 1;
type Op =
  | {
      kind: 'topUp';
      app: App;
      amount: number;
      settlement: 'immediate' | 'scheduled';
      channel: 'TEST_TOPUP' | 'BCA' | 'OVO';
    }
  | { kind: 'charge'; app: App; amount: number; token: 'reusable' | '3ds'; capture: boolean; declined: boolean }
  | { kind: 'capture'; app: App; pick: number; part: 'full' | 'partial' | 'above'; percent: number }
  | {
      kind: 'refund';
      app: App;
      pick: number;
      part: 'rest' | 'partial' | 'above';
      percent: number;
      sync: boolean;
      rejected: boolean;
    }
  /**
   * `sweep`: the merchant pays out `percent` of the CASH last seen (at least 10,000), so payouts meet refunds at the
   * edge of the balance.
   */
  | {
      kind: 'disburse';
      app: App;
      amount: number;
      sweep: boolean;
      percent: number;
      bank: 'BNI' | 'BCA';
      failure: number;
    }
  | { kind: 'batch'; app: App; items: { amount: number; failure: number }[] }
  | {
      kind: 'va';
      app: App;
      fresh: boolean;
      pick: number;
      closed: boolean;
      singleUse: boolean;
      bank: number;
      amount: number;
      wrongAmount: boolean;
    }
  | {
      kind: 'paymentCode';
      app: App;
      fresh: boolean;
      pick: number;
      expected: boolean;
      singleUse: boolean;
      outlet: 'ALFAMART' | 'INDOMARET';
      amount: number;
      wrongAmount: boolean;
    }
  | {
      kind: 'invoice';
      app: App;
      amount: number;
      via: 'va' | 'retail';
      channel: number;
      pay: 'exact' | 'twice' | 'wrong' | 'none';
    }
  | { kind: 'ewallet'; app: App; wallet: 'OVO'; amount: number; payer: keyof typeof OVO_PHONES }
  | { kind: 'ewallet'; app: App; wallet: 'DANA'; amount: number; payer: 'pay' | 'payTwice' | 'abandon' }
  | { kind: 'advance'; app: App; hours: number };

const app = fc.constantFrom<App>(0, 1);
/** Realistic amounts: payments, refunds and payouts of the same size compete for the same CASH. */
const amount = fc.integer({ min: 10_000, max: 1_500_000 });
const pick = fc.nat(1_000_000);
const percent = fc.integer({ min: 1, max: 99 });
const failure = fc.oneof(
  { weight: 4, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 5 }) },
);
const k = <T extends string>(value: T) => fc.constant(value);
/** True about `percent` % of the time. */
const sometimes = (percentTrue: number) => fc.integer({ min: 0, max: 99 }).map((x) => x < percentTrue);

const operation: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: k('topUp'),
      app,
      amount: fc.integer({ min: 50_000, max: 1_000_000 }),
      settlement: fc.constantFrom('immediate' as const, 'scheduled' as const),
      channel: fc.constantFrom('TEST_TOPUP' as const, 'BCA' as const, 'OVO' as const),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: k('charge'),
      app,
      amount,
      token: fc.constantFrom('reusable' as const, 'reusable' as const, 'reusable' as const, '3ds' as const),
      capture: fc.boolean(),
      declined: sometimes(5),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: k('capture'),
      app,
      pick,
      part: fc.constantFrom('full' as const, 'partial' as const, 'partial' as const, 'above' as const),
      percent,
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: k('refund'),
      app,
      pick,
      part: fc.constantFrom('rest' as const, 'partial' as const, 'partial' as const, 'above' as const),
      percent,
      sync: fc.boolean(),
      rejected: sometimes(10),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: k('disburse'),
      app,
      // One in ten is far above any balance this run reaches.
      amount: fc.oneof(
        { weight: 9, arbitrary: amount },
        { weight: 1, arbitrary: fc.integer({ min: 5_000_000, max: 50_000_000 }) },
      ),
      sweep: sometimes(40),
      percent: fc.integer({ min: 60, max: 100 }),
      bank: fc.constantFrom('BNI' as const, 'BCA' as const),
      failure,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: k('batch'),
      app,
      items: fc.array(fc.record({ amount: fc.integer({ min: 10_000, max: 800_000 }), failure }), {
        minLength: 1,
        maxLength: 4,
      }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: k('va'),
      app,
      fresh: fc.boolean(),
      pick,
      closed: fc.boolean(),
      singleUse: fc.boolean(),
      bank: fc.nat(VA_BANKS.length - 1),
      amount,
      wrongAmount: sometimes(10),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: k('paymentCode'),
      app,
      fresh: fc.boolean(),
      pick,
      expected: fc.boolean(),
      singleUse: fc.boolean(),
      outlet: fc.constantFrom('ALFAMART' as const, 'INDOMARET' as const),
      amount,
      wrongAmount: sometimes(10),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: k('invoice'),
      app,
      amount: fc.integer({ min: 20_000, max: 1_500_000 }),
      via: fc.constantFrom('va' as const, 'retail' as const),
      channel: fc.nat(20),
      pay: fc.constantFrom(
        'exact' as const,
        'exact' as const,
        'exact' as const,
        'twice' as const,
        'wrong' as const,
        'none' as const,
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.record({
        kind: k('ewallet'),
        app,
        wallet: k('OVO'),
        amount,
        payer: fc.constantFrom(
          'pay' as const,
          'pay' as const,
          'pay' as const,
          'slowPay' as const,
          'decline' as const,
          'timeout' as const,
        ),
      }),
      fc.record({
        kind: k('ewallet'),
        app,
        wallet: k('DANA'),
        amount,
        payer: fc.constantFrom('pay' as const, 'pay' as const, 'payTwice' as const, 'abandon' as const),
      }),
    ),
  },
  { weight: 1, arbitrary: fc.record({ kind: k('advance'), app, hours: fc.integer({ min: 1, max: 48 }) }) },
);

// ---------------------------------------------------------------------------------------------
// Fees, independently of the gateway's code (docs/ledger.md §3): 2.9 % of the gross for every
// channel, test top-ups free; VAT 11 % on the fee; each rounded half up; never above the gross.

function feesOf(gross: number, channel: string): { fee: bigint; feeTax: bigint } {
  if (channel === 'TEST_TOPUP') return { fee: 0n, feeTax: 0n };
  const g = BigInt(gross);
  const halfUp = (value: bigint, basisPoints: bigint) => (value * basisPoints + 5_000n) / 10_000n;
  let fee = halfUp(g, 290n);
  if (fee > g) fee = g;
  let feeTax = halfUp(fee, 1_100n);
  if (fee + feeTax > g) feeTax = g - fee;
  return { fee, feeTax };
}

// ---------------------------------------------------------------------------------------------
// What the client saw: every answer, kept for the final checks.

interface Answer {
  status: number;
  body: any;
}
/**
 * A 5xx or no answer claims nothing: the effect may or may not have happened (Jepsen's "info").
 * It is a violation of its own; the conservation checks look up what it actually did.
 */
const indeterminate = (answer: Answer) => answer.status === 0 || answer.status >= 500;
interface Charge {
  op: number;
  id: string;
  answer: Answer;
  /** Captured amount as the charge or its capture answered. */
  captured?: number;
  /** Refund amounts answered 200 and not (yet) known to have failed: the client's idea of what is left. */
  refundedGuess: number;
  captureAnswers: Answer[];
}
interface Refund {
  op: number;
  chargeId: string;
  externalId: string;
  amount: number;
  sync: boolean;
  rejected: boolean;
  answer: Answer;
}
interface Payout {
  op: number;
  externalId: string;
  amount: number;
  failure: number;
}
interface Disbursement extends Payout {
  answer: Answer;
}
interface Batch {
  op: number;
  items: Payout[];
  answer: Answer;
}
interface VirtualAccount {
  id: string;
  accountNumber: string;
  bank: string;
  closed: boolean;
  expected?: number;
  singleUse: boolean;
  /** Payment answers, in any order. */
  payments: { op: number; amount: number; answer: Answer }[];
}
interface PaymentCode {
  id: string;
  code: string;
  outlet: string;
  expected?: number;
  singleUse: boolean;
  payments: { op: number; amount: number; answer: Answer }[];
}
interface Invoice {
  op: number;
  id: string;
  amount: number;
  payments: { via: string; amount: number; answer: Answer }[];
}
interface Ewallet {
  op: number;
  wallet: 'OVO' | 'DANA';
  externalId: string;
  amount: number;
  payer: string;
  answer: Answer;
}

/** One round: a fresh business, `count` operations from `seed`, then every check. */
class BankRound {
  readonly violations: string[] = [];
  /** What the run did, for the summary line (a passing run shows it exercised every path). */
  readonly tally = new Map<string, number>();
  /** What each 5xx or unanswered request was (its effect is unknown to the client). */
  readonly unclearAnswers: string[] = [];
  readonly log: string[] = [];
  readonly started = Date.now();
  topUps: { op: number; amount: number; channel: string; answer: Answer }[] = [];
  charges = new Map<string, Charge>();
  authorized: string[] = [];
  capturedIds: string[] = [];
  refunds: Refund[] = [];
  disbursements: Disbursement[] = [];
  batches: Batch[] = [];
  vas: VirtualAccount[] = [];
  codes: PaymentCode[] = [];
  invoices: Invoice[] = [];
  ewallets: Ewallet[] = [];
  reusableTokens: string[] = [];
  /** The CASH balance last sampled (the sampler sets it). */
  cashSeen: () => number | undefined = () => undefined;
  /** The business clock when the round started (epoch ms). */
  clockStart = 0;
  private readonly tag: string;

  constructor(
    readonly apps: [TestApp, TestApp],
    readonly receiver: WebhookReceiver,
    readonly merchant: ProvisionedBusiness,
    readonly seed: number,
  ) {
    this.tag = `${(seed >>> 0).toString(36)}${Date.now().toString(36).slice(-4)}`;
  }

  /** Never throws: a request that got no answer is status 0 (indeterminate, like a 5xx). */
  api(appIndex: App, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer> {
    return call(this.apps[appIndex].baseUrl, this.merchant.test.secret_key, method, path, { body, headers }).catch(
      (error: unknown) => ({ status: 0, body: { error_code: 'NO_ANSWER', message: String(error) } }),
    );
  }

  get refundCallbackPath(): string {
    return `/refunds/${this.merchant.business_id}`;
  }

  private id(op: number, suffix = ''): string {
    return `bank-${this.tag}-${op}${suffix}`;
  }

  private unexpected(op: number, what: string, answer: Answer, allowed: string[] = []): void {
    if (answer.status === 200) return;
    if (indeterminate(answer)) this.unclearAnswers.push(what);
    const code = answer.body?.error_code;
    if (answer.status === 400 && allowed.includes(code)) return;
    this.violations.push(`#${op} ${what}: unexpected answer ${answer.status} ${JSON.stringify(answer.body)}`);
  }

  advance(appIndex: App, ms: number): Promise<unknown> {
    return this.apps[appIndex].app
      .get(CommandBus)
      .execute(new AdvanceTestClockCommand(this.merchant.business_id, ms, context));
  }

  async run(op: Op, index: number): Promise<string> {
    switch (op.kind) {
      case 'topUp': {
        const answer = await this.api(op.app, 'POST', '/balance/top_up', {
          amount: op.amount,
          channel: op.channel,
          settlement: op.settlement,
        });
        this.unexpected(index, 'top-up', answer);
        if (answer.status === 200) this.topUps.push({ op: index, amount: op.amount, channel: op.channel, answer });
        return `${answer.status} ${answer.body?.status ?? answer.body?.error_code} net ${answer.body?.net_amount}`;
      }
      case 'charge': {
        const amount = op.declined ? 5002 : op.amount;
        let body: Record<string, unknown>;
        if (op.token === '3ds') {
          const token = await verifiedToken(this.apps[op.app].baseUrl, this.merchant.test.public_key, amount);
          body = { token_id: token.id, authentication_id: token.authentication_id };
        } else body = { token_id: this.reusableTokens[index % this.reusableTokens.length] };
        const answer = await this.api(op.app, 'POST', '/credit_card_charges', {
          ...body,
          external_id: this.id(index),
          amount,
          capture: op.capture,
        });
        // A 3DS challenge is unanswered for ten minutes of the business clock at most: a clock
        // jump running beside it may fail the authentication before the payer completes it.
        this.unexpected(index, 'charge', answer, op.token === '3ds' ? ['AUTHENTICATION_REQUIRED_ERROR'] : []);
        if (answer.status === 200) {
          const charge: Charge = { op: index, id: answer.body.id, answer, refundedGuess: 0, captureAnswers: [] };
          this.charges.set(charge.id, charge);
          if (answer.body.status === 'CAPTURED') {
            charge.captured = answer.body.capture_amount;
            this.capturedIds.push(charge.id);
          } else if (answer.body.status === 'AUTHORIZED') this.authorized.push(charge.id);
        }
        return `${answer.status} ${answer.body?.status ?? answer.body?.error_code} ${answer.body?.id ?? ''}`;
      }
      case 'capture': {
        if (this.authorized.length === 0) return 'skipped: no authorized charge';
        // Taken out while the capture runs: captures of one authorization racing are another test's.
        const [chargeId] = this.authorized.splice(op.pick % this.authorized.length, 1);
        const charge = this.charges.get(chargeId)!;
        const authorized = charge.answer.body.authorized_amount as number;
        const amount =
          op.part === 'full'
            ? authorized
            : op.part === 'above'
              ? authorized + 1
              : Math.max(1, Math.floor((authorized * op.percent) / 100));
        const answer = await this.api(op.app, 'POST', `/credit_card_charges/${chargeId}/capture`, { amount });
        charge.captureAnswers.push(answer);
        // Above the authorization is refused; an authorization the clock expired is no longer capturable.
        this.unexpected(
          index,
          'capture',
          answer,
          op.part === 'above'
            ? ['AMOUNT_GREATER_THAN_AUTHORIZED_ERROR', 'INVALID_CHARGE_STATUS_ERROR']
            : ['INVALID_CHARGE_STATUS_ERROR'],
        );
        if (answer.status === 200) {
          charge.captured = amount;
          this.capturedIds.push(chargeId);
        } else if (answer.body?.error_code === 'AMOUNT_GREATER_THAN_AUTHORIZED_ERROR') this.authorized.push(chargeId);
        return `${answer.status} ${chargeId} ${amount} ${answer.body?.status ?? answer.body?.error_code}`;
      }
      case 'refund': {
        if (this.capturedIds.length === 0) return 'skipped: no captured charge';
        const charge = this.charges.get(this.capturedIds[op.pick % this.capturedIds.length])!;
        const rest = charge.captured! - charge.refundedGuess;
        const amount =
          op.part === 'rest'
            ? Math.max(1, rest)
            : op.part === 'above'
              ? Math.max(1, rest) + 1 + (op.percent % 7) * 1_000
              : Math.max(1, Math.floor((Math.max(rest, 1) * op.percent) / 100));
        const externalId = op.rejected ? `fail_refund-${this.id(index)}` : this.id(index);
        charge.refundedGuess += amount;
        const answer = await this.api(
          op.app,
          'POST',
          `/credit_card_charges/${charge.id}/refunds`,
          { amount, external_id: externalId },
          op.sync ? SYNC_REFUND : undefined,
        );
        if (answer.status !== 200 || answer.body?.status === 'FAILED') charge.refundedGuess -= amount;
        this.unexpected(index, 'refund', answer, ['REFUND_AMOUNT_EXCEEDED_ERROR']);
        this.refunds.push({
          op: index,
          chargeId: charge.id,
          externalId,
          amount,
          sync: op.sync,
          rejected: op.rejected,
          answer,
        });
        if (op.sync && answer.status === 200 && !['SUCCEEDED', 'FAILED'].includes(answer.body.status)) {
          this.violations.push(
            `#${index} refund with API-Version 2019-05-01 answered ${answer.body.status}, not a final status`,
          );
        }
        return (
          `${answer.status} ${charge.id} ${amount} ${op.sync ? 'sync' : 'async'} ` +
          `${answer.body?.status ?? answer.body?.error_code} ${answer.body?.failure_reason ?? ''}`
        );
      }
      case 'disburse': {
        const seen = this.cashSeen();
        const amount =
          op.sweep && seen !== undefined ? Math.max(10_000, Math.floor((seen * op.percent) / 100)) : op.amount;
        const payout: Payout = { op: index, externalId: this.id(index), amount, failure: op.failure };
        const answer = await this.api(op.app, 'POST', '/disbursements', this.disbursementBody(payout, op.bank));
        this.unexpected(index, 'disbursement', answer, ['DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR']);
        this.disbursements.push({ ...payout, answer });
        return `${answer.status} ${amount} ${answer.body?.status ?? answer.body?.error_code} ${answer.body?.id ?? ''}`;
      }
      case 'batch': {
        const items = op.items.map((item, n) => ({
          op: index,
          externalId: this.id(index, `-${n}`),
          amount: item.amount,
          failure: item.failure,
        }));
        const answer = await this.api(op.app, 'POST', '/batch_disbursements', {
          reference: this.id(index),
          disbursements: items.map((item) => this.disbursementBody(item, 'BNI')),
        });
        this.unexpected(index, 'batch disbursement', answer, ['DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR']);
        this.batches.push({ op: index, items, answer });
        return (
          `${answer.status} ${answer.body?.status ?? answer.body?.error_code} total ` +
          `${items.reduce((sum, item) => sum + item.amount, 0)}`
        );
      }
      case 'va':
        return this.payVirtualAccount(op, index);
      case 'paymentCode':
        return this.payPaymentCode(op, index);
      case 'invoice':
        return this.payInvoice(op, index);
      case 'ewallet':
        return this.payEwallet(op, index);
      case 'advance':
        await this.advance(op.app, op.hours * HOUR);
        return 'advanced';
    }
  }

  private disbursementBody(payout: Payout, bank: 'BNI' | 'BCA') {
    // BCA account numbers are exactly 10 characters; the failing test accounts are too.
    const accountNumber =
      payout.failure > 0 ? `999900000${payout.failure}` : bank === 'BCA' ? '1234567890' : '1234-567-890';
    return {
      external_id: payout.externalId,
      bank_code: payout.failure > 0 ? 'BCA' : bank,
      account_holder_name: 'Bank Checker',
      account_number: accountNumber,
      description: 'money bank',
      amount: payout.amount,
    };
  }

  private async payVirtualAccount(op: Extract<Op, { kind: 'va' }>, index: number): Promise<string> {
    let va = !op.fresh && this.vas.length > 0 ? this.vas[op.pick % this.vas.length] : undefined;
    if (!va) {
      const bank = VA_BANKS[op.bank];
      const created = await this.api(op.app, 'POST', '/callback_virtual_accounts', {
        external_id: this.id(index),
        bank_code: bank,
        name: 'Bank Checker',
        is_single_use: op.singleUse,
        ...(op.closed && { is_closed: true, expected_amount: op.amount }),
      });
      this.unexpected(index, 'create VA', created);
      if (created.status !== 200) return `create VA ${created.status}`;
      va = {
        id: created.body.id,
        accountNumber: created.body.account_number,
        bank,
        closed: op.closed,
        expected: op.closed ? op.amount : undefined,
        singleUse: op.singleUse,
        payments: [],
      };
      this.vas.push(va);
    }
    const amount = op.wrongAmount && va.expected !== undefined ? va.expected - 1 : (va.expected ?? op.amount);
    const answer = await this.api(op.app, 'POST', '/pool_virtual_accounts/simulate_payment', {
      bank_code: va.bank,
      bank_account_number: va.accountNumber,
      transfer_amount: amount,
    });
    va.payments.push({ op: index, amount, answer });
    this.unexpected(index, 'VA payment', answer, ['EXPECTED_AMOUNT_MISMATCH_ERROR', 'INACTIVE_VIRTUAL_ACCOUNT_ERROR']);
    return `${answer.status} VA ${va.id} ${amount} ${answer.body?.payment_id ?? answer.body?.error_code}`;
  }

  private async payPaymentCode(op: Extract<Op, { kind: 'paymentCode' }>, index: number): Promise<string> {
    let code = !op.fresh && this.codes.length > 0 ? this.codes[op.pick % this.codes.length] : undefined;
    if (!code) {
      const created = await this.api(op.app, 'POST', '/fixed_payment_code', {
        external_id: this.id(index),
        retail_outlet_name: op.outlet,
        name: 'Bank Checker',
        is_single_use: op.singleUse,
        ...(op.expected && { expected_amount: op.amount }),
      });
      this.unexpected(index, 'create payment code', created);
      if (created.status !== 200) return `create code ${created.status}`;
      code = {
        id: created.body.id,
        code: created.body.payment_code,
        outlet: op.outlet,
        expected: op.expected ? op.amount : undefined,
        singleUse: op.singleUse,
        payments: [],
      };
      this.codes.push(code);
    }
    const amount = op.wrongAmount && code.expected !== undefined ? code.expected + 1 : (code.expected ?? op.amount);
    const answer = await this.api(op.app, 'POST', '/fixed_payment_code/simulate_payment', {
      retail_outlet_name: code.outlet,
      payment_code: code.code,
      transfer_amount: amount,
    });
    code.payments.push({ op: index, amount, answer });
    this.unexpected(index, 'payment code payment', answer, [
      'EXPECTED_AMOUNT_MISMATCH_ERROR',
      'INACTIVE_FIXED_PAYMENT_CODE_ERROR',
    ]);
    return `${answer.status} code ${code.id} ${amount} ${answer.body?.payment_id ?? answer.body?.error_code}`;
  }

  private async payInvoice(op: Extract<Op, { kind: 'invoice' }>, index: number): Promise<string> {
    // A year to pay: the run's clock jumps must not expire an invoice under its payer (a race
    // with the clock, not with money).
    const created = await this.api(op.app, 'POST', '/v2/invoices', {
      external_id: this.id(index),
      payer_email: 'payer@example.com',
      description: 'money bank',
      amount: op.amount,
      invoice_duration: 365 * 86_400,
    });
    this.unexpected(index, 'create invoice', created);
    if (created.status !== 200) return `create invoice ${created.status}`;
    const invoice: Invoice = { op: index, id: created.body.id, amount: op.amount, payments: [] };
    this.invoices.push(invoice);
    // The banks the test-mode transfer simulation serves (an invoice also lists others).
    const banks = (created.body.available_banks as { bank_code: string; bank_account_number: string }[]).filter((b) =>
      (VA_BANKS as readonly string[]).includes(b.bank_code),
    );
    const outlets = created.body.available_retail_outlets as { retail_outlet_name: string; payment_code: string }[];
    const payBy = async (via: 'va' | 'retail', channel: number, amount: number) => {
      const bank = banks[channel % banks.length];
      const outlet = outlets[channel % outlets.length];
      const answer =
        via === 'va'
          ? await this.api(op.app, 'POST', '/pool_virtual_accounts/simulate_payment', {
              bank_code: bank.bank_code,
              bank_account_number: bank.bank_account_number,
              transfer_amount: amount,
            })
          : await this.api(op.app, 'POST', '/fixed_payment_code/simulate_payment', {
              retail_outlet_name: outlet.retail_outlet_name,
              payment_code: outlet.payment_code,
              transfer_amount: amount,
            });
      invoice.payments.push({
        via: `${via}:${via === 'va' ? bank.bank_code : outlet.retail_outlet_name}`,
        amount,
        answer,
      });
      this.unexpected(index, 'invoice payment', answer, ['INVALID_AMOUNT_ERROR', 'INVOICE_NOT_PENDING_ERROR']);
      return answer;
    };
    switch (op.pay) {
      case 'none':
        return `invoice ${invoice.id} left unpaid`;
      case 'wrong':
        return `invoice ${invoice.id} wrong amount: ${(await payBy(op.via, op.channel, op.amount - 1)).status}`;
      case 'exact':
        return `invoice ${invoice.id}: ${(await payBy(op.via, op.channel, op.amount)).status}`;
      case 'twice': {
        // The payer pays at a bank and at a till at once: one payment may win.
        const both = await Promise.all([payBy('va', op.channel, op.amount), payBy('retail', op.channel, op.amount)]);
        return `invoice ${invoice.id} paid twice at once: ${both.map((a) => a.status).join(', ')}`;
      }
    }
  }

  private async payEwallet(op: Extract<Op, { kind: 'ewallet' }>, index: number): Promise<string> {
    const externalId = this.id(index);
    if (op.wallet === 'OVO') {
      const answer = await this.api(op.app, 'POST', '/ewallets', {
        external_id: externalId,
        amount: op.amount,
        phone: OVO_PHONES[op.payer],
        ewallet_type: 'OVO',
      });
      this.unexpected(index, 'OVO payment', answer);
      if (answer.status === 200)
        this.ewallets.push({ op: index, wallet: 'OVO', externalId, amount: op.amount, payer: op.payer, answer });
      return `${answer.status} OVO ${op.payer} ${answer.body?.status ?? answer.body?.error_code}`;
    }
    const answer = await this.api(op.app, 'POST', '/ewallets', {
      external_id: externalId,
      amount: op.amount,
      callback_url: `${this.receiver.url}/dana/${this.merchant.business_id}`,
      redirect_url: 'https://shop.example/thanks',
      // Far beyond the run's clock jumps: the checkout must not expire under its payer.
      expiration_date: new Date(this.clockStart + 365 * DAY).toISOString(),
      ewallet_type: 'DANA',
    });
    this.unexpected(index, 'DANA payment', answer);
    if (answer.status !== 200) return `${answer.status} DANA ${answer.body?.error_code}`;
    const wallet: Ewallet = { op: index, wallet: 'DANA', externalId, amount: op.amount, payer: op.payer, answer };
    this.ewallets.push(wallet);
    // The payer presses Pay (twice at once: a double submit must pay once); or never comes back.
    const presses = op.payer === 'pay' ? 1 : op.payer === 'payTwice' ? 2 : 0;
    const statuses = await Promise.all(
      Array.from({ length: presses }, async () => {
        const response = await fetch(`${answer.body.checkout_url}/pay`, { method: 'POST', redirect: 'manual' });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    // Post/redirect/get: 303 back to the page, also for the press that found it already paid.
    if (statuses.some((status) => status !== 303))
      this.violations.push(`#${index} DANA checkout ${op.payer}: answered ${statuses.join(', ')}, expected 303`);
    return `DANA ${op.payer} checkout ${statuses.join(', ') || '-'}`;
  }
}

async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** Jakarta is UTC+7 without daylight saving; the rail's windows are in Jakarta time. */
const JAKARTA_OFFSET = 7 * HOUR;

describe('money bank: random concurrent money movements over every operation (Jepsen bank)', () => {
  let apps: [TestApp, TestApp];
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    // Limits out of reach: the sampler alone reads the balance ~30 times a second.
    const env = {
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      RATE_LIMIT_TEST_PER_MINUTE: '1000000',
      RATE_LIMIT_IP_PER_MINUTE: '10000000',
    };
    const first = await startTestApp({ env });
    // A second api (and worker) on the same database: requests cross instances' in-memory state.
    const second = await startTestApp({ env, databaseUrl: first.db.url });
    apps = [first, second];
  }, 60_000);
  afterAll(async () => {
    await apps?.[1]?.close();
    await apps?.[0]?.close();
    await receiver?.close();
  });

  const replaySeed = process.env.BANK_SEED === undefined ? undefined : Number(process.env.BANK_SEED);
  const replayOps = process.env.BANK_OPS === undefined ? undefined : Number(process.env.BANK_OPS);
  /** fast-check's own default: a fresh seed per run. */
  const freshSeed = () => (Date.now() ^ (Math.random() * 0x100000000)) >>> 0;

  it('round 1: 500 operations, 20 at a time: CASH never negative, reconciled, money conserved', async () => {
    await bankRound(replaySeed ?? freshSeed(), replayOps ?? 500, 'round 1');
  }, 300_000);

  it('round 2: another seed, 500 more operations', async () => {
    await bankRound(replaySeed === undefined ? freshSeed() : replaySeed + 1, replayOps ?? 500, 'round 2');
  }, 300_000);

  async function bankRound(seed: number, count: number, name: string): Promise<void> {
    process.stdout.write(
      `money bank ${name}: seed ${seed}, ${count} operations (replay: BANK_SEED=${seed} BANK_OPS=${count})\n`,
    );
    // Unbiased: a biased draw piles amounts onto their bounds and flags onto one value.
    const ops = fc.sample(fc.array(operation, { minLength: count, maxLength: count }), {
      seed,
      numRuns: 1,
      unbiased: true,
    })[0];
    const round = await openRound(seed);
    const sampler = sampleBalance(
      apps.map((a) => a.baseUrl),
      round.merchant.test.secret_key,
    );
    round.cashSeen = () => sampler.samples.at(-1)?.balance;

    // The load: CONCURRENCY workers take the operations in order.
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < ops.length) {
          const index = next++;
          const op = ops[index];
          const start = Date.now() - round.started;
          let outcome: string;
          try {
            outcome = await round.run(op, index);
          } catch (error) {
            outcome = `THREW ${String(error)}`;
            round.violations.push(`#${index} ${op.kind}: ${String(error)}`);
          }
          const { kind, app: which, ...rest } = op;
          round.log.push(
            `#${index} [${'AB'[which]}] ${start}..${Date.now() - round.started} ms ${kind} ${JSON.stringify(rest)} ` +
              `-> ${outcome}`,
          );
        }
      }),
    );
    const loadMs = Date.now() - round.started;

    await settleEverything(round);
    const samples = await sampler.stop();
    checkSamples(round, samples);
    await checkConservation(round);
    await checkReconciliation(round);

    const tally = [...round.tally]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([what, n]) => `${what}: ${n}`)
      .join(', ');
    const summary =
      `money bank ${name}: seed ${seed}, ${count} operations in ${loadMs} ms, ` +
      `total ${Date.now() - round.started} ms, ` +
      `${samples.length} CASH samples (min ${Math.min(...samples.map((s) => s.balance ?? Infinity))}); ${tally}`;
    process.stdout.write(`${summary}\n`);
    if (round.violations.length > 0) {
      const report = [
        `${summary}`,
        `Replay: BANK_SEED=${seed} BANK_OPS=${count} npx jest test/money-bank.e2e-spec.ts -t "round 1" --maxWorkers=1`,
        `${round.violations.length} violation(s):`,
        ...round.violations.slice(0, 60).map((v) => `  ${v}`),
        'Operation log (in completion order):',
        ...round.log,
      ].join('\n');
      const dir = join(__dirname, 'artifacts', 'money-bank');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `seed-${seed}.log`), report);
      throw new Error(report);
    }
  }

  /**
   * A fresh business with optional authentication (reusable tokens charge without 3DS), refund callbacks, its clock at
   * 09:00 in Jakarta.
   */
  async function openRound(seed: number): Promise<BankRound> {
    const [first] = apps;
    const merchant = await provisionBusiness(first.app);
    await updateTestSettings(first.app, merchant.business_id, { optionalAuthentication: true });
    const round = new BankRound(apps, receiver, merchant, seed);
    const registered = await round.api(0, 'POST', '/callback_urls/credit_card_refund', {
      url: `${receiver.url}${round.refundCallbackPath}`,
    });
    expect(registered.status).toBe(200);
    // 09:00 in Jakarta: the instant rail's window is open at the start, whatever the real hour;
    // the run's clock advances then move in and out of it.
    const now = (await first.app.get(Clock).now({ businessId: merchant.business_id, mode: 'test' })).getTime();
    const jakarta = now + JAKARTA_OFFSET;
    let target = Math.floor(jakarta / DAY) * DAY + 9 * HOUR;
    if (target <= jakarta) target += DAY;
    await round.advance(0, target - jakarta);
    round.clockStart = target - JAKARTA_OFFSET;
    for (const card of [TEST_CARDS.enrolledVisa, TEST_CARDS.enrolledMastercard, TEST_CARDS.notEnrolledMastercard]) {
      const token = await tokenize(first.baseUrl, merchant.test.public_key, card, { multiple: true });
      expect(token.status).toBe(200);
      round.reusableTokens.push(token.body.id);
    }
    // Some settled CASH to start with, so the first refunds and payouts compete for it.
    expect((await round.api(0, 'POST', '/balance/top_up', { amount: 1_000_000 })).status).toBe(200);
    round.topUps.push({
      op: -1,
      amount: 1_000_000,
      channel: 'TEST_TOPUP',
      answer: { status: 200, body: { net_amount: 1_000_000, fee: 0, fee_tax: 0 } },
    });
    return round;
  }

  /**
   * Lets every outcome happen: the clock jumps past every settlement delay, rail window, OVO
   * payer and checkout expiry; eWallet payments, refunds and disbursements are awaited to their
   * final state; then a second jump settles money that arrived after the first.
   */
  async function settleEverything(round: BankRound): Promise<void> {
    await round.advance(0, 5 * DAY);
    await waitFor(round, 'eWallet payments to end', async () => {
      const open: string[] = [];
      // An abandoned checkout stays PENDING (its expiry is beyond the run).
      await inParallel(
        round.ewallets.filter((w) => w.payer !== 'abandon'),
        10,
        async (w) => {
          const got = await round.api(
            0,
            'GET',
            `/ewallets?external_id=${encodeURIComponent(w.externalId)}&ewallet_type=${w.wallet}`,
          );
          if (got.status !== 200 || got.body.status === 'PENDING')
            open.push(`#${w.op} ${w.wallet} ${w.payer}: ${got.status} ${got.body?.status ?? got.body?.error_code}`);
        },
      );
      return open;
    });
    await waitFor(round, 'refunds to end (callbacks)', async () =>
      round.refunds
        .filter((r) => r.answer.status === 200 && refundOutcome(round, r) === undefined)
        .map((r) => `#${r.op} refund ${r.answer.body.id} ${r.sync ? 'sync' : 'async'}`),
    );
    await waitFor(round, 'disbursements to end', async () => {
      const open: string[] = [];
      await inParallel(
        [...payoutsAnswered(round, 'accepted'), ...payoutsAnswered(round, 'indeterminate')],
        10,
        async (p) => {
          const got = await round.api(0, 'GET', `/disbursements?external_id=${encodeURIComponent(p.externalId)}`);
          const absentAsItMayBe = got.status === 404 && p.answered === 'indeterminate';
          if (
            !absentAsItMayBe &&
            (got.status !== 200 || got.body.some((d: { status: string }) => d.status === 'PENDING'))
          )
            open.push(`#${p.op} ${p.externalId}: ${got.status} ${JSON.stringify(got.body).slice(0, 200)}`);
        },
      );
      return open;
    });
    await projectionsCaughtUp(round);
    await round.advance(0, 5 * DAY);
    await projectionsCaughtUp(round);
    // Settlement jobs run after the jump; their events go through the journal.
    await waitFor(
      round,
      'HOLDING to be settled',
      async () => {
        const holding = (await round.api(0, 'GET', '/balance?account_type=HOLDING')).body.balance;
        return holding === 0 ? [] : [`HOLDING ${holding}`];
      },
      30_000,
    );
    await projectionsCaughtUp(round);
  }

  /** The jump and the checks that follow read projections: each must have seen every event first. */
  async function projectionsCaughtUp(round: BankRound): Promise<void> {
    await waitFor(round, 'projections to catch up', async () => {
      const behind = await projectionsBehind(apps[0].db.pool);
      return behind === 0 ? [] : [`${behind} projection(s) behind the log`];
    });
  }

  /**
   * Polls `open` (what is not final yet) until it is empty; records a violation, naming what is left, when time runs
   * out.
   */
  async function waitFor(
    round: BankRound,
    what: string,
    open: () => Promise<string[]>,
    timeoutMs = 60_000,
  ): Promise<void> {
    // A timeout is recorded with the round's other violations (and its replay log), not thrown on its own.
    const left = await lastValueWithin(open, (list) => list.length === 0, timeoutMs);
    if (left.length > 0)
      round.violations.push(
        `waited ${timeoutMs} ms for ${what}: ${left.length} still open: ${left.slice(0, 10).join('; ')}`,
      );
  }

  type Answered = 'accepted' | 'refused' | 'indeterminate';
  const answered = (answer: Answer): Answered =>
    answer.status === 200 ? 'accepted' : indeterminate(answer) ? 'indeterminate' : 'refused';
  /** Single and batch payouts whose request was answered so. */
  function payoutsAnswered(round: BankRound, kind: Answered): (Payout & { answered: Answered })[] {
    return [
      ...round.disbursements.filter((d) => answered(d.answer) === kind),
      ...round.batches.filter((b) => answered(b.answer) === kind).flatMap((b) => b.items),
    ].map((p) => ({ ...p, answered: kind }));
  }

  /** The final state of a refund: its synchronous answer, else its callback (the last one received). */
  function refundOutcome(round: BankRound, refund: Refund): { status: string; failureReason?: string } | undefined {
    if (refund.answer.status !== 200) return undefined;
    if (refund.sync && ['SUCCEEDED', 'FAILED'].includes(refund.answer.body.status))
      return { status: refund.answer.body.status, failureReason: refund.answer.body.failure_reason };
    const callbacks = round.receiver.received.filter(
      (c) => c.path === round.refundCallbackPath && c.json?.id === refund.answer.body.id,
    );
    const last = callbacks.at(-1);
    return last ? { status: last.json.status, failureReason: last.json.failure_reason } : undefined;
  }

  function checkSamples(round: BankRound, samples: BalanceSample[]): void {
    const failed = samples.filter((s) => s.status !== 200 || s.balance === undefined);
    const negative = samples.filter((s) => s.balance !== undefined && s.balance < 0);
    for (const s of failed.slice(0, 5))
      round.violations.push(`CASH sample at ${s.at} ms from ${s.baseUrl}: answered ${s.status} ${s.error ?? ''}`);
    if (negative.length > 0) {
      const lowest = negative.reduce((low, s) => (s.balance! < low.balance! ? s : low));
      round.violations.push(
        `CASH below zero in ${negative.length} of ${samples.length} samples, ` +
          `from ${negative[0].at} ms to ${negative.at(-1)!.at} ms; lowest ${lowest.balance} at ${lowest.at} ms; ` +
          `first: ${negative
            .slice(0, 5)
            .map((s) => `${s.balance} at ${s.at} ms`)
            .join(', ')}`,
      );
    }
    if (samples.length < 20) round.violations.push(`only ${samples.length} CASH samples: the sampler did not keep up`);
  }

  /**
   * Money conserved, from the API's final answers; and nothing created or lost: every 200 answer's
   * resource exists as answered, no refused answer left an effect, one-shot things happened once.
   */
  async function checkConservation(round: BankRound): Promise<void> {
    const v = round.violations;
    let netIn = 0n;
    let feeTaxIn = 0n;
    const count = (what: string) => round.tally.set(what, (round.tally.get(what) ?? 0) + 1);
    /** A successful payment of `gross` through `channel`; `kind` names it in the tally, `what` in a violation. */
    const moneyIn = (gross: number, channel: string, kind: string, what: string) => {
      count(`in ${kind}`);
      if (!Number.isSafeInteger(gross) || gross <= 0) v.push(`${what}: gross ${gross} is not a positive whole amount`);
      const { fee, feeTax } = feesOf(gross, channel);
      netIn += BigInt(gross) - fee - feeTax;
      feeTaxIn += feeTax;
    };

    // Top-ups have no GET: their answers are the record; their fees must be the ledger's rule.
    for (const t of round.topUps) {
      const { fee, feeTax } = feesOf(t.amount, t.channel);
      const b = t.answer.body;
      if (
        BigInt(b.fee) !== fee ||
        BigInt(b.fee_tax) !== feeTax ||
        b.net_amount !== t.amount - Number(fee) - Number(feeTax)
      ) {
        v.push(
          `#${t.op} top-up ${t.amount} ${t.channel}: answered fee ${b.fee}, VAT ${b.fee_tax}, net ${b.net_amount}; ` +
            `the rule gives ${fee}, ${feeTax}`,
        );
      }
      moneyIn(t.amount, t.channel, 'top-up', `#${t.op} top-up`);
    }

    // Charges and captures.
    const capturedOf = new Map<string, number>();
    await inParallel([...round.charges.values()], CONCURRENCY, async (charge) => {
      const got = await round.api(0, 'GET', `/credit_card_charges/${charge.id}`);
      if (got.status !== 200)
        return void v.push(`#${charge.op} charge ${charge.id} answered 200 but GET is ${got.status}`);
      const capturedBy200 =
        charge.captureAnswers.filter((a) => a.status === 200).length +
        (charge.answer.body.status === 'CAPTURED' ? 1 : 0);
      if (capturedBy200 > 1) v.push(`#${charge.op} charge ${charge.id} captured ${capturedBy200} times`);
      if (got.body.status === 'CAPTURED') {
        if (capturedBy200 !== 1) v.push(`#${charge.op} charge ${charge.id} is CAPTURED but no answer said so`);
        if (got.body.capture_amount !== charge.captured)
          v.push(`#${charge.op} charge ${charge.id} captured ${got.body.capture_amount}, answered ${charge.captured}`);
        capturedOf.set(charge.id, got.body.capture_amount);
        moneyIn(got.body.capture_amount, 'CREDIT_CARD', 'card', `#${charge.op} charge`);
      } else if (capturedBy200 > 0)
        v.push(`#${charge.op} charge ${charge.id} answered CAPTURED, GET says ${got.body.status}`);
    });

    // Refunds: every accepted one ended once; refused ones left nothing; a charge never gives back more than it took.
    let refunded = 0n;
    const refundedOf = new Map<string, number>();
    for (const refund of round.refunds) {
      const callbacks = round.receiver.received.filter(
        (c) => c.path === round.refundCallbackPath && c.json?.external_id === refund.externalId,
      );
      const finalStates = new Set(callbacks.map((c) => c.json.status));
      if (finalStates.size > 1)
        v.push(`#${refund.op} refund ${refund.externalId} has conflicting callbacks: ${[...finalStates].join(', ')}`);
      const answer = answered(refund.answer);
      if (answer === 'refused') {
        count(`refund refused ${refund.answer.body?.error_code}`);
        if (callbacks.length > 0)
          v.push(
            `#${refund.op} refund ${refund.externalId} was refused (${refund.answer.body?.error_code}) but a ` +
              `callback says ${callbacks[0].json.status}`,
          );
        continue;
      }
      // Indeterminate: what its callback says happened (no callback: nothing happened, as far as a merchant can tell).
      const outcome =
        answer === 'accepted'
          ? refundOutcome(round, refund)
          : callbacks.length > 0
            ? {
                status: callbacks.at(-1)!.json.status as string,
                failureReason: callbacks.at(-1)!.json.failure_reason as string | undefined,
              }
            : undefined;
      if (!outcome) {
        if (answer === 'accepted') v.push(`#${refund.op} refund ${refund.answer.body.id} never ended`);
        else count('refund indeterminate, no effect');
        continue;
      }
      if (
        answer === 'accepted' &&
        refund.sync &&
        callbacks.length > 0 &&
        callbacks.at(-1)!.json.status !== outcome.status
      )
        v.push(`#${refund.op} refund answered ${outcome.status}, its callback says ${callbacks.at(-1)!.json.status}`);
      if (refund.rejected && outcome.status === 'SUCCEEDED')
        v.push(`#${refund.op} refund ${refund.externalId} (a rejected test refund) SUCCEEDED`);
      count(
        `refund ${answer === 'indeterminate' ? 'indeterminate' : refund.sync ? 'sync' : 'async'} ` +
          `${outcome.status}${outcome.failureReason ? ` ${outcome.failureReason}` : ''}`,
      );
      if (outcome.status === 'SUCCEEDED') {
        refunded += BigInt(refund.amount);
        refundedOf.set(refund.chargeId, (refundedOf.get(refund.chargeId) ?? 0) + refund.amount);
      } else if (outcome.status !== 'FAILED') v.push(`#${refund.op} refund ended ${outcome.status}`);
    }
    for (const [chargeId, total] of refundedOf) {
      if (total > (capturedOf.get(chargeId) ?? 0))
        v.push(
          `charge ${chargeId}: refunds SUCCEEDED for ${total}, more than the ${capturedOf.get(chargeId) ?? 0} captured`,
        );
    }

    // Disbursements, single and in batches: accepted ones exist once and ended as the test table says; refused ones do
    // not exist.
    let paidOut = 0n;
    const payouts = [
      ...payoutsAnswered(round, 'accepted'),
      ...payoutsAnswered(round, 'refused'),
      ...payoutsAnswered(round, 'indeterminate'),
    ];
    await inParallel(payouts, CONCURRENCY, async (p) => {
      const got = await round.api(0, 'GET', `/disbursements?external_id=${encodeURIComponent(p.externalId)}`);
      count(`payout ${p.answered}`);
      if (p.answered === 'refused') {
        if (got.status !== 404)
          v.push(`#${p.op} disbursement ${p.externalId} was refused but GET finds ${JSON.stringify(got.body)}`);
        return;
      }
      if (p.answered === 'indeterminate' && got.status === 404) return;
      if (got.status !== 200 || got.body.length !== 1)
        return void v.push(
          `#${p.op} disbursement ${p.externalId} was ${p.answered}; ` +
            `GET by external id: ${got.status} ${JSON.stringify(got.body)}`,
        );
      const [d] = got.body;
      if (d.amount !== p.amount)
        v.push(`#${p.op} disbursement ${p.externalId}: amount ${d.amount}, requested ${p.amount}`);
      const expected =
        p.failure > 0 ? { status: 'FAILED', failure_code: FAILING_ACCOUNTS[p.failure] } : { status: 'COMPLETED' };
      if (d.status !== expected.status || d.failure_code !== expected.failure_code)
        v.push(
          `#${p.op} disbursement ${p.externalId} ended ${d.status} ${d.failure_code ?? ''}, ` +
            `expected ${JSON.stringify(expected)}`,
        );
      count(`payout ${d.status}`);
      if (d.status === 'COMPLETED') paidOut += BigInt(d.amount);
    });
    for (const d of round.disbursements.filter((x) => x.answer.status === 200)) {
      const got = await round.api(0, 'GET', `/disbursements/${d.answer.body.id}`);
      if (got.status !== 200 || got.body.external_id !== d.externalId)
        v.push(`#${d.op} disbursement ${d.answer.body.id}: GET by id ${got.status} ${JSON.stringify(got.body)}`);
    }

    // Fixed virtual accounts: every 200 payment exists as answered; a single-use account is paid at most once.
    await inParallel(round.vas, CONCURRENCY, async (va) => {
      const paid = va.payments.filter((p) => p.answer.status === 200);
      if (va.singleUse && paid.length > 1) v.push(`single-use VA ${va.id} paid ${paid.length} times`);
      if (va.expected !== undefined)
        for (const p of paid)
          if (p.amount !== va.expected) v.push(`#${p.op} closed VA ${va.id} took ${p.amount}, expected ${va.expected}`);
      for (const p of paid) {
        const got = await round.api(
          0,
          'GET',
          `/callback_virtual_account_payments/payment_id=${p.answer.body.payment_id}`,
        );
        if (got.status !== 200 || got.body.amount !== p.amount || got.body.callback_virtual_account_id !== va.id) {
          v.push(`#${p.op} VA payment ${p.answer.body.payment_id}: GET ${got.status} ${JSON.stringify(got.body)}`);
          continue;
        }
        moneyIn(got.body.amount, va.bank, 'VA', `#${p.op} VA payment`);
      }
    });

    // Payment codes: the code's payments are exactly the 200 answers (none from a refused one).
    await inParallel(round.codes, CONCURRENCY, async (code) => {
      const paid = code.payments.filter((p) => p.answer.status === 200);
      if (code.singleUse && paid.length > 1) v.push(`single-use payment code ${code.id} paid ${paid.length} times`);
      const got = await round.api(0, 'GET', `/fixed_payment_code/${code.id}/payments`);
      if (got.status !== 200) return void v.push(`payment code ${code.id}: GET payments ${got.status}`);
      const listed = new Map<string, number>(
        got.body.data.map((p: { payment_id: string; amount: number }) => [p.payment_id, p.amount]),
      );
      const answered = new Map<string, number>(paid.map((p) => [p.answer.body.payment_id, p.amount]));
      if (listed.size !== got.body.data.length) v.push(`payment code ${code.id} lists a payment twice`);
      for (const [id, amountPaid] of answered)
        if (listed.get(id) !== amountPaid)
          v.push(`payment code ${code.id}: payment ${id} answered ${amountPaid}, listed ${listed.get(id)}`);
      for (const [id] of listed)
        if (!answered.has(id)) v.push(`payment code ${code.id}: payment ${id} exists but no answer created it`);
      for (const amountPaid of listed.values())
        moneyIn(amountPaid, code.outlet, 'payment code', `payment code ${code.id}`);
    });

    // Invoices: paid once at most, by the one 200 answer, for the invoice's amount.
    await inParallel(round.invoices, CONCURRENCY, async (invoice) => {
      const got = await round.api(0, 'GET', `/v2/invoices/${invoice.id}`);
      if (got.status !== 200) return void v.push(`#${invoice.op} invoice ${invoice.id}: GET ${got.status}`);
      const paid = invoice.payments.filter((p) => p.answer.status === 200);
      const isPaid = ['PAID', 'SETTLED'].includes(got.body.status);
      if (paid.length > 1)
        v.push(`#${invoice.op} invoice ${invoice.id} paid ${paid.length} times: ${paid.map((p) => p.via).join(', ')}`);
      if (isPaid !== paid.length > 0)
        v.push(`#${invoice.op} invoice ${invoice.id} is ${got.body.status} after ${paid.length} accepted payment(s)`);
      if (isPaid) {
        if (got.body.paid_amount !== invoice.amount)
          v.push(`#${invoice.op} invoice ${invoice.id} paid ${got.body.paid_amount} of ${invoice.amount}`);
        moneyIn(got.body.paid_amount, got.body.payment_channel ?? 'invoice', 'invoice', `#${invoice.op} invoice`);
      }
    });

    // eWallets: ended as the payer behaved; only completed payments brought money.
    await inParallel(round.ewallets, CONCURRENCY, async (w) => {
      const got = await round.api(
        0,
        'GET',
        `/ewallets?external_id=${encodeURIComponent(w.externalId)}&ewallet_type=${w.wallet}`,
      );
      if (got.status !== 200) return void v.push(`#${w.op} ${w.wallet} ${w.externalId}: GET ${got.status}`);
      const paidStatus = w.wallet === 'OVO' ? 'COMPLETED' : 'PAID';
      const shouldPay = ['pay', 'slowPay', 'payTwice'].includes(w.payer);
      if ((got.body.status === paidStatus) !== shouldPay)
        v.push(`#${w.op} ${w.wallet} payer ${w.payer} ended ${got.body.status}`);
      if (got.body.amount !== w.amount) v.push(`#${w.op} ${w.wallet} amount ${got.body.amount}, requested ${w.amount}`);
      if (got.body.status === paidStatus) moneyIn(got.body.amount, w.wallet, w.wallet, `#${w.op} ${w.wallet}`);
    });

    // The balance must be what the answers add up to.
    const balance = async (type: string) => {
      const got = await round.api(0, 'GET', `/balance?account_type=${type}`);
      return BigInt(got.body.balance);
    };
    const [cash, holding, tax] = [await balance('CASH'), await balance('HOLDING'), await balance('TAX')];
    const expected = netIn - refunded - paidOut;
    if (cash + holding !== expected) {
      // Refunds and payouts with a 5xx were looked up; a money-in request with one may have taken effect unseen.
      const unknownIn = round.unclearAnswers.filter((what) => !/refund|disbursement/.test(what)).length;
      v.push(
        `money not conserved: CASH ${cash} + HOLDING ${holding} = ${cash + holding}; ` +
          `the answers give ${expected} (net in ${netIn} - refunds ${refunded} - payouts ${paidOut}), ` +
          `off by ${cash + holding - expected}` +
          `${unknownIn > 0 ? ` (${unknownIn} money-in request(s) had no clear answer)` : ''}`,
      );
    }
    if (holding !== 0n) v.push(`HOLDING is ${holding} after everything settled and every payout and refund ended`);
    if (cash < 0n) v.push(`CASH ends at ${cash}`);
    if (tax !== feeTaxIn) v.push(`TAX is ${tax}; the VAT of the fees is ${feeTaxIn}`);
  }

  /**
   * The ledger's own reconciliation: ok, and no finding of any kind (every array in the report empty, every `*_count`
   * 0).
   */
  async function checkReconciliation(round: BankRound): Promise<void> {
    const report = await round.api(0, 'GET', '/ledger/reconciliation');
    if (report.status !== 200)
      return void round.violations.push(`reconciliation answered ${report.status} ${JSON.stringify(report.body)}`);
    if (report.body.ok !== true) round.violations.push(`reconciliation not ok`);
    for (const [field, value] of Object.entries(report.body)) {
      if (Array.isArray(value) && value.length > 0)
        round.violations.push(`reconciliation ${field}: ${JSON.stringify(value).slice(0, 2_000)}`);
      if (field.endsWith('_count') && typeof value === 'number' && value > 0)
        round.violations.push(`reconciliation ${field}: ${value}`);
    }
  }
});
