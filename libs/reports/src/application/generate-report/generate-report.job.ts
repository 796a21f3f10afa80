import { decideAndAppend, EVENT_STORE, type EventStore, loadAggregate } from '@gateway/event-store';
import { JournalReader } from '@gateway/ledger';
import { type DueJob, HandlesScheduledJob, type ScheduledJobHandler } from '@gateway/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Pool } from 'pg';
import { type ReportCommand, reportDecider } from '../../domain/report.decider';
import { reportStream } from '../../domain/report.events';
import { GENERATE_REPORT_JOB, type GenerateReportPayload } from './generate-report.payload';
import { ReportContentWriter } from './report-content';
import { writeReport } from './report-generators';

/**
 * Generates one report run in the worker: streams the CSV from the journal into
 * report_contents, then records COMPLETED (or FAILED with the reason). Memory stays at a
 * journal page plus a content chunk, whatever the report's size.
 */
@HandlesScheduledJob(GENERATE_REPORT_JOB)
@Injectable()
export class GenerateReportJob implements ScheduledJobHandler<GenerateReportPayload> {
  private readonly logger = new Logger('Reports');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly pool: Pool,
    private readonly journal: JournalReader,
  ) {}

  async handle(job: DueJob<GenerateReportPayload>): Promise<void> {
    const { reportId, attempt } = job.payload;
    const { state } = await loadAggregate(this.store, reportStream(reportId), reportDecider);
    // Already finished, or superseded by a retry: this run has nothing to do.
    if (state.status !== 'PENDING' || state.attempt !== attempt) return;
    const businessId = job.businessId!;
    const mode = job.mode!;
    let outcome: (now: Date) => ReportCommand;
    try {
      const writer = await ReportContentWriter.open(this.pool, reportId);
      const rows = await writeReport(
        this.journal,
        { type: state.reportType, scope: { businessId, mode, currency: state.currency }, from: new Date(state.filter.from), to: new Date(state.filter.to) },
        (line) => writer.write(line),
      );
      const sha256 = await writer.close();
      outcome = (now) => ({ type: 'CompleteReport', rows, sizeBytes: writer.sizeBytes, sha256, now });
    } catch (error) {
      this.logger.error(`Report ${reportId} failed: ${error instanceof Error ? error.message : String(error)}`);
      outcome = (now) => ({ type: 'FailReport', reason: 'Report generation failed; it is safe to retry', now });
    }
    await decideAndAppend(this.store, reportStream(reportId), reportDecider, outcome(job.now), {
      correlationId: `job_${job.id}`,
      actor: 'system:reports',
      businessId,
      mode,
      occurredAt: job.now,
    });
  }
}
