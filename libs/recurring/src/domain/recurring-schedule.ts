import type { RecurringSnapshot } from './recurring.events';

/** `date` plus `count` intervals, in UTC; a month later than the 31st is the month's last day. */
export function addIntervals(date: Date, interval: RecurringSnapshot['interval'], count: number): Date {
  if (interval === 'DAY') return new Date(date.getTime() + count * 86_400_000);
  if (interval === 'WEEK') return new Date(date.getTime() + count * 7 * 86_400_000);
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + count);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * When cycle `cycle` (1-based) is due. With `charge_immediately`, cycle 1 is the invoice made at
 * creation and cycle k > 1 falls on `start_date` + (k-2) intervals; otherwise cycle k falls on
 * `start_date` + (k-1) intervals.
 */
export function cycleDueAt(recurring: RecurringSnapshot, cycle: number): Date {
  if (recurring.chargeImmediately && cycle === 1) return new Date(recurring.createdAt);
  const steps = recurring.chargeImmediately ? cycle - 2 : cycle - 1;
  return addIntervals(new Date(recurring.startDate), recurring.interval, steps * recurring.intervalCount);
}

/** No more cycles once `total_recurrence` invoices were issued, or once stopped. */
export function hasMoreCycles(recurring: RecurringSnapshot): boolean {
  if (recurring.status === 'STOPPED') return false;
  return recurring.totalRecurrence === undefined || recurring.recurrenceProgress < recurring.totalRecurrence;
}
