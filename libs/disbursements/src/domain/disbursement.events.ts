import { declareEventSchemas } from '@gateway/domain';
import type { DomainEvent } from '@gateway/domain';
import type { DisbursementFailureCode } from './bank-rail-simulator';

/** Everything a disbursement is, as the API and the callback show it. */
export interface DisbursementSnapshot {
  disbursementId: string;
  businessId: string;
  mode: 'test' | 'live';
  externalId: string;
  amount: number;
  currency: string;
  bankCode: string;
  accountHolderName: string;
  accountNumber: string;
  description: string;
  isInstant: boolean;
  batchId?: string;
  /**
   * The batch's `reference` and this item's index in the batch (issue 19, item 20). Absent on
   * disbursements made before they were recorded, and on single disbursements.
   */
  batchReference?: string;
  batchIndex?: number;
  createdAt: string;
}

export type DisbursementCreated = DomainEvent<'DisbursementCreated', DisbursementSnapshot & { status: 'PENDING' }>;

/**
 * The two events that END a disbursement; they carry the whole snapshot so the callback
 * (`renderDisbursementCallback`) can be rendered from the event alone.
 */
export type DisbursementCompleted = DomainEvent<
  'DisbursementCompleted',
  DisbursementSnapshot & { status: 'COMPLETED'; completedAt: string }
>;
export type DisbursementFailed = DomainEvent<
  'DisbursementFailed',
  DisbursementSnapshot & { status: 'FAILED'; failureCode: DisbursementFailureCode; failedAt: string }
>;

export type DisbursementEvent = DisbursementCreated | DisbursementCompleted | DisbursementFailed;

/** For the webhook dispatcher: a disbursement callback is due when one of these is appended. */
export const DISBURSEMENT_FINAL_EVENT_TYPES: readonly DisbursementEvent['type'][] = [
  'DisbursementCompleted',
  'DisbursementFailed',
];

export const disbursementStream = (disbursementId: string) => `disbursement-${disbursementId}`;

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
export const DISBURSEMENT_EVENT_SCHEMAS = declareEventSchemas<DisbursementEvent>('disbursements', {
  DisbursementCreated: 1,
  DisbursementCompleted: 1,
  DisbursementFailed: 1,
});

export const DISBURSEMENT_EVENT_TYPES = DISBURSEMENT_EVENT_SCHEMAS.types;
