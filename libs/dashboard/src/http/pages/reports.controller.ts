import { invalidRequest } from '@gateway/domain';
import {
  GetReportQuery,
  ListReportsQuery,
  REPORT_ERROR_CODES,
  REPORT_TYPES,
  type ReportType,
  RequestReportCommand,
} from '@gateway/reports';
import { Get, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { roleCan } from '../../domain/roles';
import { DashboardController, RequireCapability } from '../kit/dashboard-controller.decorator';
import { pageNotFound } from '../kit/dashboard-errors';
import { dashboardContext, dashboardState, field } from '../kit/dashboard-request';
import { html } from '../kit/html';
import { csrfField, renderPage } from '../kit/layout';
import { registerDashboardPage } from '../kit/page-registry';
import { noticeOf, redirectTo, sendHtml } from '../kit/respond';
import { timeHtml, viewerTimeZone } from '../kit/viewer-time';

registerDashboardPage({ id: 'reports', title: 'Reports', path: '/dashboard/reports', order: 50 });

const REPORT_ID = /^report_[0-9a-f-]{36}$/;

function optionalDate(request: Request, name: string): Date | undefined {
  const value = field(request, name)?.trim();
  if (!value) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw invalidRequest(`${name} must be a date`);
  return date;
}

/** Generate a report, follow its status, download it. */
@DashboardController('reports')
export class ReportsPageController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const zone = viewerTimeZone(request);
    const reports = await this.queries.execute(new ListReportsQuery(session.businessId, session.mode, 50));
    const body = html`${
      roleCan(session.role, 'reports:generate')
        ? html`<section aria-labelledby="gen-h"><h2 id="gen-h">Generate a report</h2>
<form method="post" action="/dashboard/reports">${csrfField(session)}
  <label for="type">Type</label><select id="type" name="type">${REPORT_TYPES.map(
    (type) => html`<option value="${type}">${type}</option>`,
  )}</select>
  <label for="report-currency">Currency</label><input id="report-currency" name="currency" type="text" value="IDR" \
maxlength="3" required>
  <label for="from">From (optional)</label><input id="from" name="from" type="datetime-local">
  <label for="to">To (optional)</label><input id="to" name="to" type="datetime-local">
  <p><button type="submit">Generate report</button></p>
</form></section>`
        : ''
    }
<section aria-labelledby="list-h"><h2 id="list-h">Reports</h2>
<div class="table-wrap" tabindex="0"><table id="reports"><thead><tr><th scope="col">Report</th>\
<th scope="col">Type</th><th scope="col">Status</th><th scope="col">Period</th><th scope="col">Download</th></tr>\
</thead>
<tbody>${reports.map(
      (report) => html`<tr data-report-id="${report.id}"><td>${report.id}</td><td>${report.type}</td>\
<td class="report-status">${report.status}</td>\
<td>${timeHtml(report.filter.from, zone)} – ${timeHtml(report.filter.to, zone)}</td>
<td>${
        report.status === 'COMPLETED'
          ? html`<a href="/dashboard/reports/${report.id}/download">Download CSV</a>`
          : html`<span class="muted">not ready</span>`
      }</td></tr>`,
    )}</tbody></table></div>
${reports.length === 0 ? html`<p class="muted">No reports yet in this mode.</p>` : ''}
<p><a href="/dashboard/reports">Refresh status</a></p></section>`;
    sendHtml(
      response,
      renderPage({ title: 'Reports', active: 'reports', session, body, zone, notice: noticeOf(request) }),
    );
  }

  @Post()
  @RequireCapability('reports:generate')
  async generate(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const type = field(request, 'type');
    if (!type || !(REPORT_TYPES as readonly string[]).includes(type))
      throw invalidRequest(`type must be one of ${REPORT_TYPES.join(', ')}`);
    const currency = field(request, 'currency')?.trim().toUpperCase() ?? 'IDR';
    if (!/^[A-Z]{3}$/.test(currency)) throw invalidRequest('currency must be an ISO 4217 code, e.g. IDR');
    await this.commands.execute(
      new RequestReportCommand(
        session.businessId,
        session.mode,
        {
          type: type as ReportType,
          format: 'CSV',
          currency,
          from: optionalDate(request, 'from'),
          to: optionalDate(request, 'to'),
        },
        dashboardContext(request, session),
      ),
    );
    redirectTo(response, '/dashboard/reports', 'report-requested');
  }

  /** Checks the report belongs to this business and mode, then hands over its signed link (same host). */
  @Get(':id/download')
  async download(@Req() request: Request, @Res() response: Response, @Param('id') id: string): Promise<void> {
    const { session } = dashboardState(request);
    if (!REPORT_ID.test(id)) throw pageNotFound('This report');
    const report = await this.queries.execute(new GetReportQuery(session.businessId, session.mode, id));
    if (!report.url) throw REPORT_ERROR_CODES.error('REPORT_NOT_READY_ERROR', 'The report is not ready yet');
    const signed = new URL(report.url);
    response.redirect(303, `${signed.pathname}${signed.search}`);
  }
}
