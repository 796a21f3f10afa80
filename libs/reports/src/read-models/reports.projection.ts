import type { RecordedEvent } from '@gateway/event-store';
import { assertNever } from '@gateway/domain';
import { Scheduler } from '@gateway/scheduler';
import { EventByEventProjection, InjectableProjection } from '@gateway/projections';
import type { ClientBase } from 'pg';
import { REPORT_EVENT_TYPES, type ReportEvent } from '../domain/report.events';
import { GENERATE_REPORT_JOB } from '../application/generate-report/generate-report.payload';
import type { GenerateReportPayload } from '../application/generate-report/generate-report.payload';

export const REPORTS_PROJECTION = 'reports.reports';

/**
 * Reports as GET /reports/{id} shows them; also schedules the generation run of each request
 * and retry, in the same transaction, so a report is never left PENDING with nothing to run it.
 */
@InjectableProjection()
export class ReportsProjection extends EventByEventProjection<ReportEvent> {
  constructor(private readonly scheduler: Scheduler) {
    super({ name: REPORTS_PROJECTION, tables: ['reports'], eventTypes: REPORT_EVENT_TYPES });
  }

  protected async applyEvent(event: ReportEvent, tx: ClientBase, recorded: RecordedEvent): Promise<void> {
    const { businessId, mode } = recorded.metadata;
    switch (event.type) {
      case 'ReportRequested': {
        const { reportId, type, format, currency, filter, requestedAt } = event.data;
        await tx.query(
          `INSERT INTO reports (report_id, business_id, mode, type, format, currency, filter_from, filter_to, ` +
            `status, attempt, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'PENDING', 1, $9, $9) ON CONFLICT (report_id) DO NOTHING`,
          [reportId, businessId, mode, type, format, currency, filter.from, filter.to, requestedAt],
        );
        await this.scheduleRun(tx, { reportId, attempt: 1 }, requestedAt, businessId, mode);
        break;
      }
      case 'ReportCompleted': {
        const { reportId, rows, sizeBytes, linkExpiresAt, completedAt } = event.data;
        await tx.query(
          `UPDATE reports SET status = 'COMPLETED', rows = $2, size_bytes = $3, link_expires_at = $4, ` +
            `failure_reason = NULL, updated_at = $5
            WHERE report_id = $1`,
          [reportId, rows, sizeBytes, linkExpiresAt, completedAt],
        );
        break;
      }
      case 'ReportFailed':
        await tx.query(
          `UPDATE reports SET status = 'FAILED', failure_reason = $2, updated_at = $3 WHERE report_id = $1`,
          [event.data.reportId, event.data.reason, event.data.failedAt],
        );
        break;
      case 'ReportRetried': {
        const { rows } = await tx.query<{ attempt: number }>(
          `UPDATE reports SET status = 'PENDING', attempt = attempt + 1, failure_reason = NULL, ` +
            `updated_at = $2 WHERE report_id = $1 RETURNING attempt`,
          [event.data.reportId, event.data.retriedAt],
        );
        if (rows[0])
          await this.scheduleRun(
            tx,
            { reportId: event.data.reportId, attempt: rows[0].attempt },
            event.data.retriedAt,
            businessId,
            mode,
          );
        break;
      }
      default:
        assertNever(event, 'report event');
    }
  }

  private async scheduleRun(
    tx: ClientBase,
    payload: GenerateReportPayload,
    at: string,
    businessId?: string,
    mode?: 'test' | 'live',
  ): Promise<void> {
    await this.scheduler.schedule(
      {
        kind: GENERATE_REPORT_JOB,
        key: `report-generate:${payload.reportId}:${payload.attempt}`,
        payload,
        dueAt: new Date(at),
        businessId,
        mode,
        // A run that throws is retried a few times; a generator that keeps failing ends FAILED.
        maxAttempts: 3,
      },
      tx,
    );
  }
}
