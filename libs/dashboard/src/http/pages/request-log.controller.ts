import { invalidRequest } from '@gateway/domain';
import {
  ListRequestLogsQuery,
  type RequestLogEntry,
  type RequestLogQueryFilter,
  STATUS_CLASSES,
  type StatusClass,
} from '@gateway/request-log';
import { Get, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { DashboardController } from '../kit/dashboard-controller.decorator';
import { dashboardState, queryField } from '../kit/dashboard-request';
import { html, type SafeHtml } from '../kit/html';
import { renderPage } from '../kit/layout';
import { registerDashboardPage } from '../kit/page-registry';
import { sendHtml } from '../kit/respond';
import { timeHtml, viewerTimeZone } from '../kit/viewer-time';

registerDashboardPage({ id: 'request-log', title: 'Request log', path: '/dashboard/request-log', order: 42 });

const PAGE_SIZE = 50;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const ERROR_CODE = /^[A-Z][A-Z0-9_]{0,63}$/;
const ENTRY_ID = /^rlog_[0-9a-f]{32}$/;

/** The request log page's link for one request (transaction histories link here). */
export const requestLogHref = (requestId: string) =>
  `/dashboard/request-log?request_id=${encodeURIComponent(requestId)}`;

const invalid = (message: string) => invalidRequest(message);

/**
 * The API request log of the session's business and mode (`GET /request_logs`, the same query):
 * every authenticated API request with its status, error code, latency and redacted bodies,
 * filtered by status class, route, method, error code, request id and time, 50 a page.
 */
@DashboardController('request-log')
export class RequestLogPageController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const zone = viewerTimeZone(request);
    const filter = filterOf(request);
    const page = await this.queries.execute(new ListRequestLogsQuery(session.businessId, session.mode, filter));
    const older = page.hasMore && page.entries.length > 0 ? pageHref(request, page.entries.at(-1)!.id) : undefined;
    const body = html`<p class="muted">Every API request made with a ${session.mode}-mode key, newest first, \
with its answer. Secrets, card numbers, CVNs and keys are redacted;
bodies are cut at a few kilobytes. Requests refused before authentication are not here. The same log: \
<code>GET /request_logs</code>, <code>npm run cli -- logs tail</code>.</p>
${filterForm(filter)}
${
  page.entries.length === 0
    ? html`<p class="muted" id="request-log-empty">No API request matches${
        filter.requestId ? html` (dashboard actions, CLI commands and scheduled work are not API requests)` : ''
      }.</p>`
    : entriesTable(page.entries, zone)
}
${older ? html`<p><a href="${older}" id="request-log-older">Older requests</a></p>` : ''}`;
    sendHtml(response, renderPage({ title: 'Request log', active: 'request-log', session, body, zone }));
  }
}

function filterOf(request: Request): RequestLogQueryFilter {
  const value = (name: string) => queryField(request, name)?.trim() || undefined;
  const statusClass = value('status_class');
  if (statusClass !== undefined && !(STATUS_CLASSES as readonly string[]).includes(statusClass))
    throw invalid(`status_class must be one of ${STATUS_CLASSES.join(', ')}`);
  const method = value('method')?.toUpperCase();
  if (method !== undefined && !METHODS.includes(method)) throw invalid(`method must be one of ${METHODS.join(', ')}`);
  const route = value('route');
  if (route !== undefined && (!route.startsWith('/') || route.length > 255))
    throw invalid('route must be a route template starting with /, e.g. /v2/invoices/:id');
  const errorCode = value('error_code');
  if (errorCode !== undefined && !ERROR_CODE.test(errorCode))
    throw invalid('error_code must be an error code such as API_VALIDATION_ERROR');
  const requestId = value('request_id');
  if (requestId !== undefined && !REQUEST_ID.test(requestId))
    throw invalid('request_id must be a Request-ID as responses carry it');
  const before = value('before');
  if (before !== undefined && !ENTRY_ID.test(before)) throw invalid('before must be a request log entry id');
  return {
    statusClass: statusClass as StatusClass | undefined,
    method,
    route,
    errorCode,
    requestId,
    createdAfter: timeOf(value('from'), 'from'),
    createdBefore: timeOf(value('to'), 'to'),
    limit: PAGE_SIZE,
    startingAfter: before,
  };
}

/** `2026-11-26T10:00` (a datetime-local field, UTC) or any ISO 8601 time. */
function timeOf(text: string | undefined, name: string): Date | undefined {
  if (text === undefined) return undefined;
  const withZone = /[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? text : `${text}Z`;
  const time = new Date(withZone);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(time.getTime()))
    throw invalid(`${name} must be a time such as 2026-11-26T10:00 (UTC)`);
  return time;
}

function pageHref(request: Request, before: string): string {
  const params = new URLSearchParams();
  for (const name of ['status_class', 'method', 'route', 'error_code', 'request_id', 'from', 'to']) {
    const value = queryField(request, name);
    if (value) params.set(name, value);
  }
  params.set('before', before);
  return `/dashboard/request-log?${params.toString()}`;
}

function filterForm(filter: RequestLogQueryFilter): SafeHtml {
  const option = (value: string, label: string, selected: string | undefined) =>
    html`<option value="${value}"${selected === value ? html` selected` : ''}>${label}</option>`;
  const local = (time: Date | undefined) => (time ? time.toISOString().slice(0, 16) : '');
  return html`<form method="get" action="/dashboard/request-log" role="search" aria-label="Filter the request log" \
class="filters">
  <label for="rl-status">Status</label><select id="rl-status" \
name="status_class">${option('', 'any', filter.statusClass)}${STATUS_CLASSES.map((c) =>
    option(c, c, filter.statusClass),
  )}</select>
  <label for="rl-method">Method</label><select id="rl-method" \
name="method">${option('', 'any', filter.method)}${METHODS.map((m) => option(m, m, filter.method))}</select>
  <label for="rl-route">Route</label><input id="rl-route" name="route" type="text" maxlength="255" \
placeholder="/v2/invoices/:id" value="${filter.route ?? ''}">
  <label for="rl-error">Error code</label><input id="rl-error" name="error_code" type="text" maxlength="64" \
placeholder="API_VALIDATION_ERROR" value="${filter.errorCode ?? ''}">
  <label for="rl-request">Request-ID</label><input id="rl-request" name="request_id" type="text" maxlength="128" \
value="${filter.requestId ?? ''}">
  <label for="rl-from">From (UTC)</label><input id="rl-from" name="from" type="datetime-local" \
value="${local(filter.createdAfter)}">
  <label for="rl-to">To (UTC)</label><input id="rl-to" name="to" type="datetime-local" \
value="${local(filter.createdBefore)}">
  <button type="submit">Filter</button> <a href="/dashboard/request-log">Clear</a>
</form>`;
}

function entriesTable(entries: RequestLogEntry[], zone: string): SafeHtml {
  return html`<div class="table-wrap" tabindex="0"><table id="request-log"><thead><tr><th scope="col">When</th>\
<th scope="col">Request</th><th scope="col">Status</th><th scope="col">Latency</th><th scope="col">Request-ID</th>\
<th scope="col">Key</th><th scope="col">Bodies</th></tr></thead>
<tbody>${entries.map(
    (entry) => html`<tr data-request-id="${entry.requestId}" data-status="${entry.status}">\
<td>${timeHtml(entry.requestedAt, zone)}</td>
<td><code>${entry.method} ${entry.path}</code><br><span class="muted">${entry.route}</span></td>
<td>${entry.status}${entry.errorCode ? html` <code>${entry.errorCode}</code>` : ''}</td>
<td>${entry.latencyMs} ms</td>
<td><a href="/dashboard/developers?request_id=${encodeURIComponent(entry.requestId)}#reqlog-h" title="The events this \
request recorded"><code>${entry.requestId}</code></a></td>
<td><code>${entry.keyId}</code></td>
<td>${bodyDetails('Request', entry.requestBody, entry.requestBodyTruncated)}${bodyDetails(
      'Response',
      entry.responseBody,
      entry.responseBodyTruncated,
    )}</td></tr>`,
  )}</tbody></table></div>`;
}

function bodyDetails(label: string, body: string | null, truncated: boolean): SafeHtml {
  if (body === null) return html`<p class="muted">${label}: none</p>`;
  return html`<details><summary>${label} body${truncated ? ' (cut)' : ''}</summary><pre><code>${pretty(body)}</code>\
</pre></details>`;
}

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
