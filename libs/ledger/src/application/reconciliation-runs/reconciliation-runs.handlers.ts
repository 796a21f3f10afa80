import { Clock } from '@gateway/clock';
import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { ReconcileLedgerQuery } from '../reconcile/reconcile-ledger.query';
import type { ReconciliationReport } from '../reconcile/reconciliation-report';
import { LatestReconciliationQuery, type ReconciliationRunView } from './latest-reconciliation.query';
import { RunReconciliationCommand } from './run-reconciliation.command';

/** Reconciliation runs kept per scope (business and mode, or all); older ones are deleted. */
export const RECONCILIATION_RUNS_KEPT = 100;

@CommandHandler(RunReconciliationCommand)
export class RunReconciliationHandler implements ICommandHandler<RunReconciliationCommand, ReconciliationReport> {
  constructor(
    private readonly queries: QueryBus,
    private readonly pool: Pool,
    private readonly clock: Clock,
  ) {}

  async execute(command: RunReconciliationCommand): Promise<ReconciliationReport> {
    const report = await this.queries.execute(new ReconcileLedgerQuery(command.scope, command.onProgress));
    // Real time, not a test clock: when the operator ran it.
    await this.pool.query(
      `INSERT INTO ledger_reconciliation_runs (business_id, mode, ran_at, ok, report) VALUES ($1, $2, $3, $4, $5)`,
      [
        command.scope.businessId ?? null,
        command.scope.mode ?? null,
        await this.clock.now(),
        report.ok,
        JSON.stringify(report),
      ],
    );
    await this.keepLatest(command.scope);
    return report;
  }

  /** Only the last runs of a scope matter (the page shows the latest): older ones go. */
  private async keepLatest(scope: RunReconciliationCommand['scope']): Promise<void> {
    await this.pool.query(
      `DELETE FROM ledger_reconciliation_runs WHERE run_id IN (
         SELECT run_id FROM ledger_reconciliation_runs
          WHERE business_id IS NOT DISTINCT FROM $1 AND mode IS NOT DISTINCT FROM $2
          ORDER BY ran_at DESC, run_id DESC OFFSET $3)`,
      [scope.businessId ?? null, scope.mode ?? null, RECONCILIATION_RUNS_KEPT],
    );
  }
}

@QueryHandler(LatestReconciliationQuery)
export class LatestReconciliationHandler implements IQueryHandler<LatestReconciliationQuery> {
  constructor(private readonly pool: Pool) {}

  async execute(query: LatestReconciliationQuery): Promise<ReconciliationRunView | undefined> {
    const { rows } = await this.pool.query<{ ran_at: Date; report: ReconciliationReport }>(
      `SELECT ran_at, report FROM ledger_reconciliation_runs
        WHERE (business_id IS NULL OR business_id = $1) AND (mode IS NULL OR mode = $2)
        ORDER BY ran_at DESC, run_id DESC LIMIT 1`,
      [query.businessId, query.mode],
    );
    const run = rows[0];
    if (!run) return undefined;
    const mine = <T extends { businessId: string; mode: string }>(findings: T[]) =>
      findings.filter((finding) => finding.businessId === query.businessId && finding.mode === query.mode);
    const differences = mine(run.report.differences);
    const overdrafts = mine(run.report.overdrafts);
    return {
      ranAt: run.ran_at.toISOString(),
      scope: run.report.scope,
      ok: differences.length === 0 && overdrafts.length === 0,
      asOf: run.report.asOf,
      differences,
      overdrafts,
      durationMs: run.report.durationMs,
    };
  }
}
