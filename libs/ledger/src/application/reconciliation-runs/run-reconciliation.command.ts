import { Command } from '@nestjs/cqrs';
import type { ReconcileProgress } from '../reconcile/reconcile-ledger.query';
import type { ReconciliationReport } from '../reconcile/reconciliation-report';

/**
 * Reconciles the ledger (ReconcileLedgerQuery: the checks of `ledger reconcile`) and records the
 * run with its time, so the dashboard's finance page can say when it last ran and what it found.
 * `ledger reconcile` (CLI) and the dashboard's "Reconcile now" both run it.
 */
export class RunReconciliationCommand extends Command<ReconciliationReport> {
  constructor(
    readonly scope: { businessId?: string; mode?: 'test' | 'live' } = {},
    readonly onProgress?: (progress: ReconcileProgress) => void,
  ) {
    super();
  }
}
