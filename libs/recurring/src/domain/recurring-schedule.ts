import type { RecurringSnapshot } from './recurring.events';

/**
 * How far before the business's clock a `start_date` may lie and still mean "now". A merchant
 * sending its own current time is a moment behind us (clock skew, latency, a retried
 * request); an hour covers that, and is shorter than the shortest interval (one day), so a
 * tolerated start can never make more than its first cycle due at once.
 */
export const START_DATE_TOLERANCE_MS = 3_600_000;

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

/** A start this far back (beyond the tolerance) would bill cycles before the creation. */
export function startsInThePast(startDate: Date, now: Date): boolean {
  return startDate.getTime() < now.getTime() - START_DATE_TOLERANCE_MS;
}

/**
 * The anchor a new payment's schedule starts from. With `charge_immediately` and a start after the
 * creation, cycle 1 is the invoice made at creation and cycle 2 falls on `start_date`; otherwise
 * cycle 1 falls on `start_date`. A start at or before the creation (omitted, or "now" sent a moment
 * ago) already bills at once, so `charge_immediately` adds no second invoice then.
 */
export function initialAnchor(
  startDate: Date,
  createdAt: Date,
  chargeImmediately: boolean,
): NonNullable<RecurringSnapshot['scheduleAnchor']> {
  const immediateFirst = chargeImmediately && startDate.getTime() > createdAt.getTime();
  return { cycle: immediateFirst ? 2 : 1, dueAt: startDate.toISOString() };
}

/**
 * When cycle `cycle` (1-based) is due. From the anchor on: the anchor's date plus
 * (cycle − anchor cycle) × `interval_count` intervals. Before the anchor (only ever the immediate
 * cycle 1), and for payments without an anchor, the original rule: with `charge_immediately`,
 * cycle 1 at creation and cycle k > 1 on `start_date` + (k−2) intervals; otherwise cycle k on
 * `start_date` + (k−1) intervals.
 */
export function cycleDueAt(recurring: RecurringSnapshot, cycle: number): Date {
  const anchor = recurring.scheduleAnchor;
  if (anchor && cycle >= anchor.cycle)
    return addIntervals(new Date(anchor.dueAt), recurring.interval, (cycle - anchor.cycle) * recurring.intervalCount);
  if (recurring.chargeImmediately && cycle === 1) return new Date(recurring.createdAt);
  const steps = recurring.chargeImmediately ? cycle - 2 : cycle - 1;
  return addIntervals(new Date(recurring.startDate), recurring.interval, steps * recurring.intervalCount);
}

/**
 * The cycle that falls on `start_date` (the first charge the merchant chose): cycle 2 when an
 * immediate first invoice came before it, else cycle 1.
 */
function startDateCycle(recurring: RecurringSnapshot): number {
  const anchor = recurring.scheduleAnchor;
  if (!anchor) return recurring.chargeImmediately ? 2 : 1;
  return recurring.chargeImmediately &&
    new Date(recurring.startDate).getTime() > new Date(recurring.createdAt).getTime()
    ? 2
    : 1;
}

/**
 * The anchor after a change of `interval`/`interval_count` (issue 19, item 3): the next pending
 * cycle moves to the new cadence, counted from the last cycle's date: the first date of
 * `last + k × new gap` (k ≥ 1) that is not in the past at `now`. So a WEEK plan patched to DAY bills
 * a day after its last invoice, a DAY plan patched to WEEK a week after it, and a change never
 * makes a past cycle due (the schedule never bills the past, issue 18). Before the `start_date`
 * cycle ran, that date stays: it is the first charge the merchant chose. `before` is the snapshot
 * before the change, `after` carries the new interval and count.
 */
export function anchorAfterIntervalChange(
  before: RecurringSnapshot,
  after: RecurringSnapshot,
  now: Date,
): NonNullable<RecurringSnapshot['scheduleAnchor']> {
  const startCycle = startDateCycle(before);
  if (before.nextCycle <= startCycle) return { cycle: startCycle, dueAt: cycleDueAt(before, startCycle).toISOString() };
  const last = before.nextCycle - 1;
  const lastDueAt = lastCycleDueAt(before, last);
  const cadence: RecurringSnapshot = { ...after, scheduleAnchor: { cycle: last, dueAt: lastDueAt } };
  // The latest date of the new cadence at or before now is passed; the one after it is the next.
  const first = Math.max(latestDueCycle(cadence, last, now), last) + 1;
  return { cycle: before.nextCycle, dueAt: cycleDueAt(cadence, first).toISOString(), previousDueAt: lastDueAt };
}

/**
 * The date cycle `last` (the one before the next) was due. After an earlier change that has not
 * run yet, the anchor sits on the next cycle and remembers it; otherwise the schedule gives it.
 */
function lastCycleDueAt(recurring: RecurringSnapshot, last: number): string {
  const anchor = recurring.scheduleAnchor;
  if (anchor?.previousDueAt !== undefined && anchor.cycle === last + 1) return anchor.previousDueAt;
  return cycleDueAt(recurring, last).toISOString();
}

/** Cycle `cycle` is not due yet at `now` (a PATCH moved it later than the job that runs it). */
export function notDueYet(recurring: RecurringSnapshot, cycle: number, now: Date): boolean {
  return cycleDueAt(recurring, cycle).getTime() > now.getTime();
}

/**
 * The latest cycle, from `from` on, that is due at `now`: `from` itself unless later cycles are
 * due too (the clock jumped, or the worker was down, for longer than an interval). Dates grow with
 * the cycle number, so an exponential then binary search finds it in a few steps however far the
 * clock jumped (a date past JavaScript's range is "not due").
 */
export function latestDueCycle(recurring: RecurringSnapshot, from: number, now: Date): number {
  const due = (cycle: number) => cycleDueAt(recurring, cycle).getTime() <= now.getTime();
  if (!due(from + 1)) return from;
  let low = from + 1;
  let step = 1;
  while (due(low + step)) {
    low += step;
    step *= 2;
  }
  let high = low + step; // not due
  while (high - low > 1) {
    const middle = low + Math.floor((high - low) / 2);
    if (due(middle)) low = middle;
    else high = middle;
  }
  return low;
}

/** No more cycles once `total_recurrence` cycles were billed (see `recurrenceProgress`), or once stopped. */
export function hasMoreCycles(recurring: RecurringSnapshot): boolean {
  if (recurring.status === 'STOPPED') return false;
  return recurring.totalRecurrence === undefined || recurring.recurrenceProgress < recurring.totalRecurrence;
}
