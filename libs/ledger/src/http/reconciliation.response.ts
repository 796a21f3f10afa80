import { namedSchema, schema } from '@gateway/http-edge';
import type { ReconciliationReport } from '../application/reconcile/reconciliation-report';

const POSITION = schema.object(
  { commit: schema.string(), prepare: schema.string() },
  { description: 'A log position (decimal strings)' },
);
const DECIMAL = (description?: string) => schema.string(description, { pattern: '^-?\\d+$' });

/** GET /ledger/reconciliation. */
export const RECONCILIATION_SCHEMA = namedSchema(
  'LedgerReconciliation',
  schema.object({
    ok: schema.boolean('Every check passed'),
    business_id: schema.nullable(schema.string()),
    mode: schema.nullable(schema.string()),
    as_of: schema.nullable(POSITION),
    accounts: schema.integer(),
    transactions: schema.integer(),
    entries: schema.integer(),
    events_replayed: schema.integer(),
    differences: schema.arrayOf(
      schema.object(
        {
          check: schema.oneOfStrings(['balance_equals_entries', 'transaction_sums_to_zero', 'replay_matches_journal']),
          business_id: schema.string(),
          mode: schema.string(),
          currency: schema.string(),
          account: schema.string(),
          event_id: schema.string(),
          expected: DECIMAL(),
          actual: DECIMAL(),
        },
        { optional: ['account', 'event_id'] },
      ),
    ),
    overdraft_count: schema.integer(),
    overdrafts: schema.arrayOf(
      schema.object({
        business_id: schema.string(),
        mode: schema.string(),
        currency: schema.string(),
        account: schema.string(),
        event_id: schema.string(),
        event_type: schema.string(),
        stream: schema.string(),
        position: POSITION,
        amount: DECIMAL("The event's change to the account (negative)"),
        balance: DECIMAL('The balance right after it'),
      }),
    ),
    duration_ms: schema.number(),
  }),
);

export function reconciliationToWire(report: ReconciliationReport) {
  return {
    ok: report.ok,
    business_id: report.scope.businessId ?? null,
    mode: report.scope.mode ?? null,
    as_of: report.asOf,
    accounts: report.accounts,
    transactions: report.transactions,
    entries: report.entries,
    events_replayed: report.eventsReplayed,
    differences: report.differences.map((d) => ({
      check: d.check,
      business_id: d.businessId,
      mode: d.mode,
      currency: d.currency,
      ...(d.account !== undefined && { account: d.account }),
      ...(d.eventId !== undefined && { event_id: d.eventId }),
      expected: d.expected,
      actual: d.actual,
    })),
    overdraft_count: report.overdraftCount,
    overdrafts: report.overdrafts.map((o) => ({
      business_id: o.businessId,
      mode: o.mode,
      currency: o.currency,
      account: o.account,
      event_id: o.eventId,
      event_type: o.eventType,
      stream: o.streamName,
      position: o.position,
      amount: o.amount,
      balance: o.balance,
    })),
    duration_ms: report.durationMs,
  };
}
