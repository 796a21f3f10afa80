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
    duration_ms: report.durationMs,
  };
}
