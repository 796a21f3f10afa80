import { type AuditEvent, type EventFilter, ListEventsQuery } from '@gateway/audit';
import { DomainError } from '@gateway/domain';
import type { Mode } from '@gateway/clock';
import type { QueryBus } from '@nestjs/cqrs';
import { html, type SafeHtml } from '../kit/html';
import { requestLogHref } from './request-log.controller';
import { timeHtml } from '../kit/viewer-time';

export const HISTORY_LIMIT = 200;

/** Events through the audit context's query (the same as `GET /events`), within the session's business and mode. */
export async function eventsOf(
  queries: QueryBus,
  filter: EventFilter,
  businessId: string,
  mode: Mode,
): Promise<AuditEvent[] | undefined> {
  try {
    const page = await queries.execute(new ListEventsQuery(filter, { businessId, mode }, HISTORY_LIMIT));
    return page.events;
  } catch (error) {
    // Not found (or not this business's) and an in-memory store both mean: nothing to show.
    if (error instanceof DomainError && (error.code === 'DATA_NOT_FOUND' || error.code === 'FEATURE_NOT_AVAILABLE'))
      return undefined;
    throw error;
  }
}

/** A table of events; the payload stays behind a disclosure so the table reads at a glance. */
export function eventTable(id: string, events: AuditEvent[], withStream: boolean, zone = 'UTC'): SafeHtml {
  return html`<div class="table-wrap" tabindex="0"><table id="${id}"><thead><tr><th scope="col">When</th>\
<th scope="col">Event</th>${withStream ? html`<th scope="col">Stream</th>` : ''}<th scope="col">Actor</th>\
<th scope="col">Request</th><th scope="col">Data</th></tr></thead>
<tbody>${events.map(
    (event) => html`<tr><td>${timeHtml(event.recordedAt, zone)}</td><td>${event.type}</td>${
      withStream ? html`<td><code>${event.stream}</code></td>` : ''
    }<td>${event.metadata.actor}</td>
<td><a href="/dashboard/developers?request_id=${encodeURIComponent(event.metadata.correlationId)}#reqlog-h">\
<code>${event.metadata.correlationId}</code></a> <a class="request-log-link" href="${requestLogHref(
      event.metadata.correlationId,
    )}">API request</a></td>
<td><details><summary>Show data</summary><pre><code>${JSON.stringify(event.data, null, 2)}</code></pre></details></td>\
</tr>`,
  )}</tbody></table></div>`;
}
