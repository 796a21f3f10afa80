import { assertNever, type Decider } from '@gateway/domain';
import { ReportErrors } from './report.errors';
import type { ReportEvent, ReportFilter, ReportFormat, ReportType } from './report.events';

export type ReportStatus = 'PENDING' | 'COMPLETED' | 'FAILED';

/** How long a completed report's download link works (spec "Limits": 24 hours). */
export const REPORT_LINK_VALIDITY_MS = 24 * 3_600_000;

export type ReportCommand =
  | {
      type: 'RequestReport';
      reportId: string;
      reportType: ReportType;
      format: ReportFormat;
      currency: string;
      filter: ReportFilter;
      publicBaseUrl?: string;
      now: Date;
    }
  | { type: 'CompleteReport'; rows: number; sizeBytes: number; sha256: string; now: Date }
  | { type: 'FailReport'; reason: string; now: Date }
  | { type: 'RetryReport'; now: Date };

export type ReportState =
  | { status: 'NONE' }
  | {
      status: ReportStatus;
      reportId: string;
      reportType: ReportType;
      format: ReportFormat;
      currency: string;
      filter: ReportFilter;
      /** Bumped by each retry: names the generation run, so a stale run cannot finish a newer one. */
      attempt: number;
    };

/**
 * A report: PENDING when requested, COMPLETED or FAILED when generation ends, FAILED → PENDING
 * when retried. Finishing a report that is no longer PENDING decides nothing, so a generation
 * job that runs twice records its outcome once.
 */
export const reportDecider: Decider<ReportCommand, ReportState, ReportEvent> = {
  initialState: { status: 'NONE' },

  decide(command, state) {
    switch (command.type) {
      case 'RequestReport': {
        if (state.status !== 'NONE') return [];
        const { reportId, reportType, format, currency, filter, publicBaseUrl, now } = command;
        return [
          {
            type: 'ReportRequested',
            data: {
              reportId,
              type: reportType,
              format,
              currency,
              filter,
              requestedAt: now.toISOString(),
              ...(publicBaseUrl !== undefined && { publicBaseUrl }),
            },
          },
        ];
      }
      case 'CompleteReport': {
        if (state.status !== 'PENDING') return [];
        const { rows, sizeBytes, sha256, now } = command;
        const linkExpiresAt = new Date(now.getTime() + REPORT_LINK_VALIDITY_MS).toISOString();
        return [
          {
            type: 'ReportCompleted',
            data: { reportId: state.reportId, rows, sizeBytes, sha256, completedAt: now.toISOString(), linkExpiresAt },
          },
        ];
      }
      case 'FailReport': {
        if (state.status !== 'PENDING') return [];
        return [
          {
            type: 'ReportFailed',
            data: {
              reportId: state.reportId,
              reason: command.reason.slice(0, 500),
              failedAt: command.now.toISOString(),
            },
          },
        ];
      }
      case 'RetryReport': {
        if (state.status === 'NONE') throw ReportErrors.notFound('(unknown)');
        if (state.status !== 'FAILED') throw ReportErrors.notFailed(state.reportId, state.status);
        return [{ type: 'ReportRetried', data: { reportId: state.reportId, retriedAt: command.now.toISOString() } }];
      }
      default:
        return assertNever(command, 'report command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ReportRequested':
        return {
          status: 'PENDING',
          reportId: event.data.reportId,
          reportType: event.data.type,
          format: event.data.format,
          currency: event.data.currency,
          filter: event.data.filter,
          attempt: 1,
        };
      case 'ReportCompleted':
        return state.status === 'NONE' ? state : { ...state, status: 'COMPLETED' };
      case 'ReportFailed':
        return state.status === 'NONE' ? state : { ...state, status: 'FAILED' };
      case 'ReportRetried':
        return state.status === 'NONE' ? state : { ...state, status: 'PENDING', attempt: state.attempt + 1 };
      default:
        return assertNever(event, 'report event');
    }
  },
};
