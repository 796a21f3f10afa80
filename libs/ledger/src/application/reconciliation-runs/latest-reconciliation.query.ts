import { Query } from '@nestjs/cqrs';
import type { ReconciliationDifference, OverdraftFinding } from '../reconcile/reconciliation-report';

/** The last reconciliation that covered a business and mode, reduced to that business and mode. */
export interface ReconciliationRunView {
  ranAt: string;
  /** What was reconciled: one business or all (`businessId` absent), one mode or both. */
  scope: { businessId?: string; mode?: string };
  /** True when the run found nothing wrong for this business and mode. */
  ok: boolean;
  asOf: { commit: string; prepare: string } | null;
  differences: ReconciliationDifference[];
  overdrafts: OverdraftFinding[];
  durationMs: number;
}

export class LatestReconciliationQuery extends Query<ReconciliationRunView | undefined> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
  ) {
    super();
  }
}
