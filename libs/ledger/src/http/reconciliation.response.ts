import type { ReconciliationReport } from '../application/reconcile/reconciliation-report';

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
