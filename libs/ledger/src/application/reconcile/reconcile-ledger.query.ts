import { Query } from '@nestjs/cqrs';
import type { ReconciliationReport } from './reconciliation-report';

export interface ReconcileProgress {
  /** Events of the log read so far, and how many there are (unknown on EventStoreDB). */
  read: number;
  total?: number;
}

/** The checks of design §6, and the overdraft replay, over one business (and mode), or over everything. */
export class ReconcileLedgerQuery extends Query<ReconciliationReport> {
  constructor(
    readonly scope: { businessId?: string; mode?: 'test' | 'live' } = {},
    readonly onProgress?: (progress: ReconcileProgress) => void,
  ) {
    super();
  }
}
