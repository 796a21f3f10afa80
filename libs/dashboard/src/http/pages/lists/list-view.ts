import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { KIND_TITLES } from '../../../read-models/list-kinds';
import { encodeCursor, ListRowsReader } from '../../../read-models/list-rows.reader';
import { ListsFreshness } from '../../../read-models/lists-freshness';
import type { DashboardSession } from '../../../read-models/session-store';
import { csvLine } from '../../kit/csv';
import { formErrorOf } from '../../kit/form-errors';
import { html, type SafeHtml } from '../../kit/html';
import { renderPage } from '../../kit/layout';
import { noticeOf } from '../../kit/respond';
import { formatInstant, viewerTimeZone } from '../../kit/viewer-time';
import type { ListDefinition } from './list-definition';
import { type ListFormValues, listQueryString, parseListQuery, type ParsedListQuery } from './list-query';

export const LIST_PAGE_SIZE = 50;

const EMPTY_VALUES: ListFormValues = { product: '', status: '', from: '', to: '', min: '', max: '', q: '' };

/**
 * Renders any dashboard list: the filter form (product, status, dates in the viewer's zone,
 * amount range, search), one keyset page of rows with the count of all that match, links to the
 * next and first pages, and the CSV export of everything the filter matches.
 */
@Injectable()
export class ListView {
  constructor(
    private readonly reader: ListRowsReader,
    private readonly freshness: ListsFreshness,
  ) {}

  async render(
    definition: ListDefinition,
    request: Request,
    session: DashboardSession,
    extra?: SafeHtml,
  ): Promise<{ status: number; page: string }> {
    const zone = viewerTimeZone(request);
    let parsed: ParsedListQuery;
    try {
      parsed = parseListQuery(request, definition, session, zone);
    } catch (error) {
      const refused = formErrorOf(error);
      if (!refused) throw error;
      const values = {
        ...EMPTY_VALUES,
        ...Object.fromEntries(
          Object.keys(EMPTY_VALUES).map((name) => [name, queryText(request.query[name]).slice(0, 200)]),
        ),
      };
      const body = html`${extra ?? ''}${this.filterForm(definition, values)}`;
      return {
        status: refused.status,
        page: renderPage({ title: definition.title, active: definition.id, session, body, zone, error: refused.box }),
      };
    }
    await this.freshness.catchUp();
    const [page, total] = await Promise.all([
      this.reader.page(parsed.filter, parsed.after, LIST_PAGE_SIZE),
      this.reader.count(parsed.filter),
    ]);
    const first = parsed.after ? parsed.start + 1 : 1;
    const last = first + page.rows.length - 1;
    const query = listQueryString(parsed.values);
    const pager = html`<nav class="pager" aria-label="Pages of ${definition.title.toLowerCase()}">
  <p id="${definition.id}-range">${page.rows.length === 0 ? 'No rows' : html`Rows ${first}–${last} of ${total}`}</p>
  ${parsed.after ? html`<a href="${definition.path}${query}" id="first-page">First page</a>` : ''}
  ${
    page.next
      ? html`<a href="${definition.path}${listQueryString(parsed.values, {
          after: encodeCursor(page.next),
          start: last,
        })}" id="next-page" rel="next">Next page</a>`
      : ''
  }
  <a href="${definition.path}/export.csv${query}" id="export-csv" download>Export ${total} rows as CSV</a>
</nav>`;
    const table = html`<div class="table-wrap" tabindex="0"><table id="${definition.id}-table" class="list">\
<caption class="visually-hidden">${definition.title}</caption>
<thead><tr>${definition.columns.map((column) => html`<th scope="col">${column.header}</th>`)}</tr></thead>
<tbody>${page.rows.map(
      (row) =>
        html`<tr data-id="${row.id}">${definition.columns.map(
          (column) => html`<td data-label="${column.header}">${column.cell(row, zone)}</td>`,
        )}</tr>`,
    )}</tbody></table></div>`;
    const body = html`${extra ?? ''}${this.filterForm(definition, parsed.values)}
${pager}
${
  page.rows.length > 0
    ? table
    : html`<p class="muted" id="${definition.id}-empty">Nothing matches in ${session.mode} mode.</p>`
}`;
    return {
      status: 200,
      page: renderPage({
        title: definition.title,
        active: definition.id,
        session,
        body,
        zone,
        notice: noticeOf(request),
      }),
    };
  }

  /** Every row the filter matches, as CSV (UTC and the viewer's time; amounts in minor units). */
  async export(
    definition: ListDefinition,
    request: Request,
    response: Response,
    session: DashboardSession,
  ): Promise<void> {
    const zone = viewerTimeZone(request);
    const parsed = parseListQuery(request, definition, session, zone);
    await this.freshness.catchUp();
    response.status(200);
    response.setHeader('content-type', 'text/csv; charset=utf-8');
    response.setHeader('content-disposition', `attachment; filename="${definition.id}-${session.mode}.csv"`);
    response.write(
      csvLine([
        'type',
        'id',
        'external_id',
        'status',
        'amount',
        'currency',
        'channel',
        'payer_email',
        'customer',
        'description',
        'created_utc',
        `created_local (${zone})`,
        'updated_utc',
      ]),
    );
    for await (const rows of this.reader.all(parsed.filter)) {
      const chunk = rows
        .map((row) =>
          csvLine([
            KIND_TITLES[row.kind],
            row.id,
            row.externalId,
            row.status,
            row.amount,
            row.currency,
            row.channel,
            row.payerEmail,
            row.customer,
            row.description,
            row.createdAt,
            formatInstant(row.createdAt, zone),
            row.updatedAt,
          ]),
        )
        .join('');
      if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve));
    }
    response.end();
  }

  private amountFilters(label: string, id: (name: string) => string, values: ListFormValues): SafeHtml {
    const input = (name: 'min' | 'max') =>
      html`<input id="${id(name)}" name="${name}" type="number" min="0" step="1" inputmode="numeric"
value="${values[name]}">`;
    return html`<div><label for="${id('min')}">${label} from</label>${input('min')}</div>
  <div><label for="${id('max')}">${label} to</label>${input('max')}</div>`;
  }

  private filterForm(definition: ListDefinition, values: ListFormValues): SafeHtml {
    const id = (name: string) => `${definition.id}-${name}`;
    const kinds = definition.kinds.length > 1 ? definition.kinds : [];
    return html`<form method="get" action="${definition.path}" class="card filters" role="search" aria-label="Filter \
${definition.title.toLowerCase()}">
  <div class="filter-grid">
  <div><label for="${id('q')}">Search</label><input id="${id('q')}" name="q" type="search" value="${values.q}" \
maxlength="200" aria-describedby="${id('q-hint')}"><small id="${id('q-hint')}" \
class="muted">${definition.searchHint}</small></div>
  ${
    kinds.length > 0
      ? html`<div><label for="${id('product')}">Product</label><select id="${id('product')}" name="product">\
<option value="">All</option>${kinds.map(
          (kind) =>
            html`<option value="${kind}"${kind === values.product ? html` selected` : ''}>${
              definition.kindTitles?.[kind] ?? KIND_TITLES[kind]
            }</option>`,
        )}</select></div>`
      : ''
  }
  <div><label for="${id('status')}">Status</label><select id="${id('status')}" name="status">\
<option value="">Any</option>${definition.statuses.map(
      (status) => html`<option value="${status}"${status === values.status ? html` selected` : ''}>${status}</option>`,
    )}</select></div>
  <div><label for="${id('from')}">Created from</label>\
<input id="${id('from')}" name="from" type="date" value="${values.from}"></div>
  <div><label for="${id('to')}">Created to (inclusive)</label>\
<input id="${id('to')}" name="to" type="date" value="${values.to}"></div>
  ${definition.amountLabel ? this.amountFilters(definition.amountLabel, id, values) : ''}
  </div>
  <p><button type="submit">Search</button> <a href="${definition.path}">Clear</a></p>
</form>`;
  }
}

/** A query parameter as text: a repeated one joined with commas, a nested object (`a[b]=`) as nothing. */
function queryText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((item) => typeof item === 'string').join(',');
  return '';
}
