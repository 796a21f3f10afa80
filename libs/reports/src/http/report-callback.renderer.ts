import type { RecordedEvent } from '@gateway/event-store';
import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import { type CallbackMessage, type CallbackRenderer, type RenderContext, RendersCallbacks } from '@gateway/webhooks';
import { Inject, Injectable } from '@nestjs/common';
import type { ReportCompleted, ReportFailed, ReportRequested } from '../domain/report.events';
import { reportStream } from '../domain/report.events';
import { ReportLinks } from '../application/report-links';
import type { ReportWire } from '../application/report-view';

/**
 * Spec "Report done": the report object, as GET /reports/{id} shows it at that moment (its
 * request read from the same stream, up to this event).
 */
@RendersCallbacks()
@Injectable()
export class ReportCallbackRenderer implements CallbackRenderer {
  readonly eventTypes = ['ReportCompleted', 'ReportFailed'];

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly links: ReportLinks,
  ) {}

  async render(event: RecordedEvent, context: RenderContext): Promise<CallbackMessage[]> {
    const finished = event as unknown as ReportCompleted | ReportFailed;
    const [first] = await this.store.readStream(reportStream(finished.data.reportId), { maxCount: 1 });
    if (!first || first.type !== 'ReportRequested') return [];
    const requested = (first as unknown as ReportRequested).data;
    const completed = finished.type === 'ReportCompleted' ? finished.data : undefined;
    const body: ReportWire = {
      id: requested.reportId,
      type: requested.type,
      status: completed ? 'COMPLETED' : 'FAILED',
      filter: requested.filter,
      format: requested.format,
      ...(completed && {
        url: await this.links.urlFor(requested.reportId, new Date(completed.linkExpiresAt), requested.publicBaseUrl),
      }),
      currency: requested.currency,
      business_id: context.businessId,
      created: requested.requestedAt,
      updated: completed ? completed.completedAt : (finished as ReportFailed).data.failedAt,
    };
    return [{ kind: 'report', resourceId: requested.reportId, body: body as unknown as Record<string, unknown> }];
  }
}
