import { DomainError } from '@gateway/domain';
import { Get, Inject, Param, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { pageNotFound } from '../kit/dashboard-errors';
import { DashboardController } from '../kit/dashboard-controller.decorator';
import { dashboardState, queryField } from '../kit/dashboard-request';
import { html } from '../kit/html';
import { renderPage } from '../kit/layout';
import { registerDashboardPage } from '../kit/page-registry';
import { formatMinor, sendHtml } from '../kit/respond';
import { eventsOf, eventTable } from './event-history';
import { TRANSACTION_SOURCES, type TransactionFilter, type TransactionSource } from './transaction-source';

registerDashboardPage({ id: 'transactions', title: 'Transactions', path: '/dashboard/transactions', order: 20 });

const PAGE_SIZE = 50;

function dateQuery(request: Request, name: string): Date | undefined {
  const value = queryField(request, name)?.trim();
  if (!value) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new DomainError('API_VALIDATION_ERROR', `${name} must be a date`);
  return date;
}

/** Search across every registered product by id or external id, status and date; a detail page per resource. */
@DashboardController('transactions')
export class TransactionsController {
  constructor(
    @Inject(TRANSACTION_SOURCES) private readonly sources: TransactionSource[],
    private readonly queries: QueryBus,
  ) {}

  @Get()
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const product = queryField(request, 'product') ?? '';
    const filter: TransactionFilter = {
      id: queryField(request, 'id')?.trim() || undefined,
      status: queryField(request, 'status')?.trim().toUpperCase() || undefined,
      from: dateQuery(request, 'from'),
      to: dateQuery(request, 'to'),
    };
    const chosen = this.sources.filter((source) => !product || source.id === product);
    const rows = (await Promise.all(chosen.map((source) => source.search(session.businessId, session.mode, filter, PAGE_SIZE))))
      .flat()
      .sort((a, b) => b.created.localeCompare(a.created))
      .slice(0, PAGE_SIZE);
    const statuses = [...new Set(this.sources.flatMap((source) => source.statuses))];
    const body = html`<form method="get" action="/dashboard/transactions" class="card" role="search">
  <label for="product">Product</label><select id="product" name="product"><option value="">All</option>${this.sources.map((source) => html`<option value="${source.id}"${source.id === product ? html` selected` : ''}>${source.title}</option>`)}</select>
  <label for="tx-id">Id or external id</label><input id="tx-id" name="id" type="text" value="${filter.id ?? ''}">
  <label for="tx-status">Status</label><select id="tx-status" name="status"><option value="">Any</option>${statuses.map((status) => html`<option value="${status}"${status === filter.status ? html` selected` : ''}>${status}</option>`)}</select>
  <label for="tx-from">Created from</label><input id="tx-from" name="from" type="date" value="${queryField(request, 'from') ?? ''}">
  <label for="tx-to">Created before</label><input id="tx-to" name="to" type="date" value="${queryField(request, 'to') ?? ''}">
  <p><button type="submit">Search</button></p>
</form>
<div class="table-wrap"><table id="transactions"><thead><tr><th scope="col">Type</th><th scope="col">Id</th><th scope="col">External id</th><th scope="col">Status</th><th scope="col">Amount</th><th scope="col">Created</th></tr></thead>
<tbody>${rows.map(
      (row) => html`<tr><td>${row.type}</td><td><a href="/dashboard/transactions/${row.source}/${encodeURIComponent(row.id)}">${row.id}</a></td><td>${row.externalId}</td><td>${row.status}</td><td>${formatMinor(row.amount)} ${row.currency}</td><td>${row.created}</td></tr>`,
    )}</tbody></table></div>
${rows.length === 0 ? html`<p class="muted">Nothing matches in ${session.mode} mode.</p>` : ''}`;
    sendHtml(response, renderPage({ title: 'Transactions', active: 'transactions', session, body }));
  }

  @Get(':source/:id')
  async detail(@Req() request: Request, @Res() response: Response, @Param('source') sourceId: string, @Param('id') id: string): Promise<void> {
    const { session } = dashboardState(request);
    const source = this.sources.find((candidate) => candidate.id === sourceId);
    if (!source || id.length > 128) throw pageNotFound('This transaction');
    const detail = await source.detail(session.businessId, session.mode, id);
    if (!detail) throw pageNotFound('This transaction');
    const events = detail.history
      ? await eventsOf(this.queries, { kind: 'resource', resource: detail.history.resource, id: detail.history.id }, session.businessId, session.mode)
      : undefined;
    const body = html`<section><dl>${detail.fields.map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`)}</dl></section>
<section aria-labelledby="history-h"><h2 id="history-h">Event history</h2>
${detail.history ? html`<p class="muted">Every event of ${detail.history.resource} <code>${detail.history.id}</code>, oldest first (as <code>GET /events?resource=${detail.history.resource}&amp;id=…</code> returns it).</p>` : ''}
${events && events.length > 0 ? eventTable('event-history', events, false) : html`<p class="muted">No recorded events for this resource.</p>`}
</section>
<p><a href="/dashboard/transactions">Back to transactions</a></p>`;
    sendHtml(response, renderPage({ title: `${source.title.replace(/s$/, '')} ${id}`, active: 'transactions', session, body }));
  }
}
