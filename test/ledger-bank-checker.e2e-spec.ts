import { AdvanceTestClockCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { feeFor, feeRuleFor, ReconcileLedgerQuery } from '@gateway/ledger';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import fc from 'fast-check';
import { eventually } from './support/eventually';
import { call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The Jepsen bank checker, for money: random concurrent rounds of top-ups (settled at once or on
 * the schedule), disbursements and batches (completing or failing on the rail) and clock
 * advances (settlement, rail windows) across a few businesses. Afterwards:
 * - every business's accounts, the outside world included, sum to zero;
 * - no CASH balance was ever negative, replaying the journal in log order;
 * - reconciliation finds no difference;
 * - CASH is exactly what the accepted operations say it must be.
 * Payments and refunds from other channels do not exist yet: top-ups are the payments here.
 */
const DAY = 86_400_000;
const context = { requestId: 'req_bank_checker', actor: 'system:test' };

type Op =
  | {
      kind: 'topUp';
      business: number;
      amount: number;
      channel: 'TEST_TOPUP' | 'CREDIT_CARD' | 'OVO';
      settlement: 'immediate' | 'scheduled';
    }
  | { kind: 'disburse'; business: number; amount: number; fails: boolean }
  | { kind: 'batch'; business: number; amounts: number[]; fails: boolean }
  | { kind: 'advance'; business: number; hours: number };

const BUSINESSES = 3;
const business = fc.integer({ min: 0, max: BUSINESSES - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('topUp' as const),
    business,
    amount: fc.integer({ min: 10_000, max: 2_000_000 }),
    channel: fc.constantFrom('TEST_TOPUP' as const, 'CREDIT_CARD' as const, 'OVO' as const),
    settlement: fc.constantFrom('immediate' as const, 'scheduled' as const),
  }),
  fc.record({
    kind: fc.constant('disburse' as const),
    business,
    amount: fc.integer({ min: 10_000, max: 1_500_000 }),
    fails: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('batch' as const),
    business,
    amounts: fc.array(fc.integer({ min: 10_000, max: 500_000 }), { minLength: 1, maxLength: 4 }),
    fails: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('advance' as const), business, hours: fc.integer({ min: 1, max: 72 }) }),
);

describe('bank checker over the ledger', () => {
  let gateway: TestApp;
  beforeAll(async () => {
    gateway = await startTestApp();
  });
  afterAll(async () => gateway?.close());

  it('keeps money conserved, CASH never negative, and the journal reconciled', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }),
        async (rounds) => {
          const merchants: ProvisionedBusiness[] = [];
          for (let i = 0; i < BUSINESSES; i += 1) merchants.push(await provisionBusiness(gateway.app));
          const expectedCash = new Array<number>(BUSINESSES).fill(0);
          let externalIds = 0;
          const item = (amount: number, fails: boolean) => ({
            external_id: `bank-checker-${(externalIds += 1)}`,
            bank_code: 'BNI',
            account_holder_name: 'Checker',
            account_number: fails ? '9999000002' : '1234567890',
            description: 'bank checker',
            amount,
          });

          const run = async (o: Op): Promise<void> => {
            const key = merchants[o.business].test.secret_key;
            switch (o.kind) {
              case 'topUp': {
                const r = await call(gateway.baseUrl, key, 'POST', '/balance/top_up', {
                  body: { amount: o.amount, channel: o.channel, settlement: o.settlement },
                });
                expect(r.status).toBe(200);
                const { fee, feeTax } = feeFor(o.amount, feeRuleFor(o.channel, undefined));
                expect(r.body.net_amount).toBe(o.amount - fee - feeTax);
                expectedCash[o.business] += r.body.net_amount;
                return;
              }
              case 'disburse': {
                const r = await call(gateway.baseUrl, key, 'POST', '/disbursements', { body: item(o.amount, o.fails) });
                if (r.status === 200) {
                  if (!o.fails) expectedCash[o.business] -= o.amount;
                } else expect(r.body.error_code).toBe('DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR');
                return;
              }
              case 'batch': {
                const r = await call(gateway.baseUrl, key, 'POST', '/batch_disbursements', {
                  body: { reference: 'checker', disbursements: o.amounts.map((a) => item(a, o.fails)) },
                });
                if (r.status === 200) {
                  if (!o.fails) expectedCash[o.business] -= o.amounts.reduce((s, a) => s + a, 0);
                } else expect(r.body.error_code).toBe('DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR');
                return;
              }
              case 'advance':
                await gateway.app
                  .get(CommandBus)
                  .execute(
                    new AdvanceTestClockCommand(merchants[o.business].business_id, o.hours * 3_600_000, context),
                  );
                return;
            }
          };
          for (const round of rounds) await Promise.all(round.map(run));

          // Let everything settle and every transfer end, then wait for the journal to be quiet.
          for (const merchant of merchants)
            await gateway.app
              .get(CommandBus)
              .execute(new AdvanceTestClockCommand(merchant.business_id, 5 * DAY, context));
          const ids = merchants.map((m) => m.business_id);
          for (const merchant of merchants) {
            const holding = await eventually(
              async () =>
                (await call(gateway.baseUrl, merchant.test.secret_key, 'GET', '/balance?account_type=HOLDING')).body
                  .balance,
              (value) => value === 0,
              20_000,
            );
            expect(holding).toBe(0);
          }

          for (let i = 0; i < BUSINESSES; i += 1) {
            const cash = (await call(gateway.baseUrl, merchants[i].test.secret_key, 'GET', '/balance')).body.balance;
            expect(cash).toBe(expectedCash[i]);
          }
          const sums = await gateway.db.pool.query<{ business_id: string; total: string }>(
            'SELECT business_id, sum(balance)::text AS total FROM ledger_balances WHERE business_id = ANY($1) GROUP ' +
              'BY business_id',
            [ids],
          );
          for (const row of sums.rows) expect(row.total).toBe('0');

          const history = await gateway.db.pool.query<{ business_id: string; amount: string }>(
            `SELECT e.business_id, e.amount::text AS amount FROM ledger_entries e JOIN ledger_transactions t USING ` +
              `(event_id)
            WHERE e.business_id = ANY($1) AND e.account = 'CASH' ORDER BY t.log_commit, t.log_prepare, e.line`,
            [ids],
          );
          const running = new Map<string, bigint>();
          for (const row of history.rows) {
            const next = (running.get(row.business_id) ?? 0n) + BigInt(row.amount);
            expect(next >= 0n).toBe(true);
            running.set(row.business_id, next);
          }

          for (const businessId of ids) {
            const report = await gateway.app
              .get(QueryBus)
              .execute(new ReconcileLedgerQuery({ businessId, mode: 'test' }));
            expect(report.differences).toEqual([]);
          }
        },
      ),
      { numRuns: 6, endOnFailure: true },
    );
  }, 300_000);
});
