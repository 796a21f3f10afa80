import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type { DashboardSession } from '../../read-models/session-store';
import { html, type SafeHtml } from '../kit/html';
import { renderPage } from '../kit/layout';
import { noticeOf } from '../kit/respond';
import { viewerTimeZone } from '../kit/viewer-time';
import { eventsOf, eventTable } from './event-history';
import type { HistoryRef } from './transaction-source';

export interface ResourceDetail {
  title: string;
  /** Registry id of the page to mark in the navigation. */
  active: string;
  fields: [string, string | SafeHtml][];
  /** Actions and related links, for the roles that may use them. */
  sections?: SafeHtml[];
  history?: HistoryRef;
  back: { href: string; label: string };
}

/** The frame of every detail page: fields, sections (actions), the resource's event history, a way back. */
@Injectable()
export class ResourceDetailView {
  constructor(private readonly queries: QueryBus) {}

  async render(request: Request, session: DashboardSession, detail: ResourceDetail, error?: SafeHtml): Promise<string> {
    const zone = viewerTimeZone(request);
    const events = detail.history
      ? await eventsOf(
          this.queries,
          { kind: 'resource', resource: detail.history.resource, id: detail.history.id },
          session.businessId,
          session.mode,
        )
      : undefined;
    const body = html`<section class="card"><dl class="fields">${detail.fields.map(
      ([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`,
    )}</dl></section>
${detail.sections ?? []}
<section aria-labelledby="history-h"><h2 id="history-h">Event history</h2>
${
  detail.history
    ? html`<p class="muted">Every event of ${detail.history.resource} <code>${detail.history.id}</code>, \
oldest first (as <code>GET /events?resource=${detail.history.resource}&amp;id=…</code> returns it).</p>`
    : ''
}
${
  events && events.length > 0
    ? eventTable('event-history', events, false, zone)
    : html`<p class="muted">No recorded events for this resource.</p>`
}
</section>
<p><a href="${detail.back.href}">${detail.back.label}</a></p>`;
    return renderPage({
      title: detail.title,
      active: detail.active,
      session,
      body,
      zone,
      notice: noticeOf(request),
      error,
    });
  }
}
