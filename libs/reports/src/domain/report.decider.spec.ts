import { deciderSpec } from '@gateway/testing';
import { reportDecider } from './report.decider';
import type { ReportCompleted, ReportFailed, ReportRequested, ReportRetried } from './report.events';
import { resolveReportFilter } from './report-filter';

const now = new Date('2026-11-23T03:00:00.000Z');
const later = new Date('2026-11-23T03:05:00.000Z');
const spec = deciderSpec(reportDecider);
const filter = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-23T00:00:00.000Z' };
const requested: ReportRequested = {
  type: 'ReportRequested',
  data: {
    reportId: 'report_1',
    type: 'BALANCE_HISTORY',
    format: 'CSV',
    currency: 'IDR',
    filter,
    requestedAt: now.toISOString(),
  },
};
const completed: ReportCompleted = {
  type: 'ReportCompleted',
  data: {
    reportId: 'report_1',
    rows: 3,
    sizeBytes: 120,
    sha256: 'ab',
    completedAt: later.toISOString(),
    linkExpiresAt: '2026-11-24T03:05:00.000Z',
  },
};
const failed: ReportFailed = {
  type: 'ReportFailed',
  data: { reportId: 'report_1', reason: 'boom', failedAt: later.toISOString() },
};
const retried: ReportRetried = {
  type: 'ReportRetried',
  data: { reportId: 'report_1', retriedAt: later.toISOString() },
};
const complete = { type: 'CompleteReport' as const, rows: 3, sizeBytes: 120, sha256: 'ab', now: later };

describe('report decider (spec: Report states)', () => {
  it('(new) → PENDING on generate', () => {
    spec
      .given([])
      .when({
        type: 'RequestReport',
        reportId: 'report_1',
        reportType: 'BALANCE_HISTORY',
        format: 'CSV',
        currency: 'IDR',
        filter,
        now,
      })
      .then([requested]);
  });
  it('PENDING → COMPLETED when processing succeeds, with a link valid 24 hours', () => {
    spec.given([requested]).when(complete).then([completed]);
  });
  it('PENDING → FAILED when generation fails', () => {
    spec.given([requested]).when({ type: 'FailReport', reason: 'boom', now: later }).then([failed]);
  });
  it('FAILED → PENDING on retry (spec: safe to retry)', () => {
    spec.given([requested, failed]).when({ type: 'RetryReport', now: later }).then([retried]);
    spec.given([requested, failed]).when({ type: 'RetryReport', now: later }).thenState({
      status: 'PENDING',
      reportId: 'report_1',
      reportType: 'BALANCE_HISTORY',
      format: 'CSV',
      currency: 'IDR',
      filter,
      attempt: 2,
    });
  });
  it('refuses to retry a report that is not FAILED, or does not exist', () => {
    spec.given([requested]).when({ type: 'RetryReport', now: later }).thenThrows('REPORT_NOT_RETRYABLE_ERROR');
    spec
      .given([requested, completed])
      .when({ type: 'RetryReport', now: later })
      .thenThrows('REPORT_NOT_RETRYABLE_ERROR');
    spec.given([]).when({ type: 'RetryReport', now: later }).thenThrows('REPORT_NOT_FOUND_ERROR');
  });
  it('records a generation outcome once: finishing a finished report decides nothing', () => {
    spec.given([requested, completed]).when(complete).then([]);
    spec.given([requested, completed]).when({ type: 'FailReport', reason: 'late', now: later }).then([]);
    spec.given([requested, failed]).when(complete).then([]);
    spec.given([]).when(complete).then([]);
  });
});

describe('report filter defaults and bounds', () => {
  it('defaults to the 30 days up to the request', () => {
    expect(resolveReportFilter({}, now)).toEqual({ from: '2026-10-24T03:00:00.000Z', to: now.toISOString() });
    expect(resolveReportFilter({ to: new Date('2026-11-10T00:00:00Z') }, now)).toEqual({
      from: '2026-10-11T00:00:00.000Z',
      to: '2026-11-10T00:00:00.000Z',
    });
  });
  it('refuses an empty, reversed, too long or future range', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return (error as { code?: string }).code;
      }
      return undefined;
    };
    expect(code(() => resolveReportFilter({ from: now, to: now }, now))).toBe('API_VALIDATION_ERROR');
    expect(
      code(() =>
        resolveReportFilter({ from: new Date('2026-11-22T00:00:00Z'), to: new Date('2026-11-21T00:00:00Z') }, now),
      ),
    ).toBe('API_VALIDATION_ERROR');
    expect(code(() => resolveReportFilter({ from: new Date('2025-01-01T00:00:00Z') }, now))).toBe(
      'API_VALIDATION_ERROR',
    );
    expect(code(() => resolveReportFilter({ to: new Date('2026-12-01T00:00:00Z') }, now))).toBe('API_VALIDATION_ERROR');
  });
});
