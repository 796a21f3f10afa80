import { ReportErrors } from './report.errors';
import type { ReportFilter } from './report.events';

const DAY_MS = 86_400_000;
/** Spec: the default filter is "not shown". Ours: the 30 days up to the request. */
export const DEFAULT_REPORT_RANGE_MS = 30 * DAY_MS;
/** A year and a day at most per report: larger ranges are split by the merchant. */
export const MAX_REPORT_RANGE_MS = 366 * DAY_MS;

/**
 * The filter a report runs with: `to` defaults to the request time, `from` to 30 days before
 * `to`; `from` must be before `to`, within 366 days, and `to` not after the request time.
 */
export function resolveReportFilter(requested: { from?: Date; to?: Date }, now: Date): ReportFilter {
  const to = requested.to ?? now;
  const from = requested.from ?? new Date(to.getTime() - DEFAULT_REPORT_RANGE_MS);
  if (from.getTime() >= to.getTime()) throw ReportErrors.invalidFilter('filter.from must be before filter.to');
  if (to.getTime() - from.getTime() > MAX_REPORT_RANGE_MS)
    throw ReportErrors.invalidFilter('a report covers at most 366 days: narrow filter.from and filter.to');
  if (to.getTime() > now.getTime()) throw ReportErrors.invalidFilter('filter.to must not be in the future');
  return { from: from.toISOString(), to: to.toISOString() };
}
