import type { DisbursementFailureCode } from '../domain/bank-rail-simulator';
import type { DisbursementStatus } from '../domain/disbursement.decider';
import type { DisbursementSnapshot } from '../domain/disbursement.events';

/** A disbursement as GETs and callbacks show it. */
export interface DisbursementView extends DisbursementSnapshot {
  status: DisbursementStatus;
  failureCode?: DisbursementFailureCode;
  updatedAt: string;
}
