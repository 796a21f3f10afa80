import { declareEventSchemas } from '@gateway/domain';
import type { DomainEvent } from '@gateway/domain';

export type RecurringStatus = 'ACTIVE' | 'STOPPED' | 'PAUSED';
export type RecurringInterval = 'DAY' | 'WEEK' | 'MONTH';
export type MissedPaymentAction = 'IGNORE' | 'STOP';

/** The whole recurring payment, carried on every event. */
export interface RecurringSnapshot {
  recurringPaymentId: string;
  businessId: string;
  mode: 'test' | 'live';
  externalId: string;
  status: RecurringStatus;
  payerEmail: string;
  description: string;
  amount: number;
  interval: RecurringInterval;
  intervalCount: number;
  totalRecurrence?: number;
  /**
   * Cycles billed so far (an invoice issued, or refused: RecurringCycleFailed); lapsed and paused cycles do not count.
   */
  recurrenceProgress: number;
  invoiceDuration?: number;
  shouldSendEmail: boolean;
  missedPaymentAction: MissedPaymentAction;
  /** A multiple-use card token each cycle's invoice is charged to (`recharge`). */
  creditCardToken?: string;
  startDate: string;
  chargeImmediately: boolean;
  successRedirectUrl?: string;
  failureRedirectUrl?: string;
  /** The next cycle the schedule will run (1-based). */
  nextCycle: number;
  /**
   * Cycle `cycle` falls due at `dueAt`, and each later cycle `interval_count` intervals after it.
   * Set at creation and moved by a PATCH of `interval`/`interval_count`. Absent on payments created
   * before it existed: then the original rule (see `cycleDueAt`). `previousDueAt` (set by a PATCH
   * since issue 19) is the date of the cycle before `cycle`, which the new cadence counts from.
   * Anchors written by a PATCH before issue 19 kept the next cycle's old date (the new gap applied
   * after it); they are read as written.
   */
  scheduleAnchor?: { cycle: number; dueAt: string; previousDueAt?: string };
  /** The last cycle whose invoice was charged to `credit_card_token` (an attempt, once per cycle). */
  lastRechargedCycle?: number;
  lastCreatedInvoiceId?: string;
  lastCreatedInvoiceUrl?: string;
  createdAt: string;
  updatedAt: string;
}

type Carrying<T extends string, Extra = object> = DomainEvent<T, { recurring: RecurringSnapshot } & Extra>;

export type RecurringPaymentCreated = Carrying<'RecurringPaymentCreated'>;
export type RecurringPaymentUpdated = Carrying<'RecurringPaymentUpdated'>;
export type RecurringPaymentStopped = Carrying<
  'RecurringPaymentStopped',
  { reason: 'REQUESTED' | 'MISSED_PAYMENT' | 'COMPLETED' }
>;
export type RecurringPaymentPaused = Carrying<'RecurringPaymentPaused'>;
export type RecurringPaymentResumed = Carrying<'RecurringPaymentResumed'>;
export type RecurringCycleIssued = Carrying<'RecurringCycleIssued', { cycle: number; invoiceId: string }>;
/** A cycle that came due while PAUSED: no invoice, the schedule moves on. */
export type RecurringCycleSkipped = Carrying<'RecurringCycleSkipped', { cycle: number }>;
/**
 * Cycles `fromCycle`..`toCycle` ran only after the next cycle was due too (a test-clock jump, a
 * worker down for longer than an interval): their period is over, so they are not billed late; the
 * schedule moves on to the cycle due now. No invoice, no progress.
 */
export type RecurringCyclesLapsed = Carrying<'RecurringCyclesLapsed', { fromCycle: number; toCycle: number }>;
/**
 * The invoice of an issued cycle was refused (`errorCode`, e.g. NO_COLLECTION_METHODS_ERROR): the
 * cycle counts as an unpaid one and is not retried; `last_created_invoice_*` point back to the
 * previous invoice.
 */
export type RecurringCycleFailed = Carrying<
  'RecurringCycleFailed',
  { cycle: number; invoiceId: string; errorCode: string; message: string }
>;
/** The cycle's invoice is about to be charged to the saved card: recorded first, so a cycle is charged at most once. */
export type RecurringCycleRechargeStarted = Carrying<
  'RecurringCycleRechargeStarted',
  { cycle: number; invoiceId: string }
>;

export type RecurringEvent =
  | RecurringPaymentCreated
  | RecurringPaymentUpdated
  | RecurringPaymentStopped
  | RecurringPaymentPaused
  | RecurringPaymentResumed
  | RecurringCycleIssued
  | RecurringCycleSkipped
  | RecurringCyclesLapsed
  | RecurringCycleFailed
  | RecurringCycleRechargeStarted;

export const recurringStream = (id: string) => `recurring-${id}`;

/** Each event type's current schema version (docs/operations.md, "Changing an event's shape"). */
export const RECURRING_EVENT_SCHEMAS = declareEventSchemas<RecurringEvent>('recurring', {
  RecurringPaymentCreated: 1,
  RecurringPaymentUpdated: 1,
  RecurringPaymentStopped: 1,
  RecurringPaymentPaused: 1,
  RecurringPaymentResumed: 1,
  RecurringCycleIssued: 1,
  RecurringCycleSkipped: 1,
  RecurringCyclesLapsed: 1,
  RecurringCycleFailed: 1,
  RecurringCycleRechargeStarted: 1,
});

export const RECURRING_EVENT_TYPES = RECURRING_EVENT_SCHEMAS.types;
