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
  /** Invoices issued so far. */
  recurrenceProgress: number;
  invoiceDuration?: number;
  shouldSendEmail: boolean;
  missedPaymentAction: MissedPaymentAction;
  /** Recorded; charging it needs the cards context (left to the integrator). */
  creditCardToken?: string;
  startDate: string;
  chargeImmediately: boolean;
  successRedirectUrl?: string;
  failureRedirectUrl?: string;
  /** The next cycle the schedule will run (1-based). */
  nextCycle: number;
  lastCreatedInvoiceId?: string;
  lastCreatedInvoiceUrl?: string;
  createdAt: string;
  updatedAt: string;
}

type Carrying<T extends string, Extra = object> = DomainEvent<T, { recurring: RecurringSnapshot } & Extra>;

export type RecurringPaymentCreated = Carrying<'RecurringPaymentCreated'>;
export type RecurringPaymentUpdated = Carrying<'RecurringPaymentUpdated'>;
export type RecurringPaymentStopped = Carrying<'RecurringPaymentStopped', { reason: 'REQUESTED' | 'MISSED_PAYMENT' | 'COMPLETED' }>;
export type RecurringPaymentPaused = Carrying<'RecurringPaymentPaused'>;
export type RecurringPaymentResumed = Carrying<'RecurringPaymentResumed'>;
export type RecurringCycleIssued = Carrying<'RecurringCycleIssued', { cycle: number; invoiceId: string }>;
/** A cycle that came due while PAUSED: no invoice, the schedule moves on. */
export type RecurringCycleSkipped = Carrying<'RecurringCycleSkipped', { cycle: number }>;

export type RecurringEvent =
  | RecurringPaymentCreated
  | RecurringPaymentUpdated
  | RecurringPaymentStopped
  | RecurringPaymentPaused
  | RecurringPaymentResumed
  | RecurringCycleIssued
  | RecurringCycleSkipped;

export const RECURRING_EVENT_TYPES: readonly RecurringEvent['type'][] = [
  'RecurringPaymentCreated',
  'RecurringPaymentUpdated',
  'RecurringPaymentStopped',
  'RecurringPaymentPaused',
  'RecurringPaymentResumed',
  'RecurringCycleIssued',
  'RecurringCycleSkipped',
];

export const recurringStream = (id: string) => `recurring-${id}`;
