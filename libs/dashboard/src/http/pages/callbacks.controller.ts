import {
  CALLBACK_KINDS,
  type CallbackKind,
  GetCallbackEndpointQuery,
  GetSettingsQuery,
  RotateCallbackTokenCommand,
  SetCallbackUrlCommand,
} from '@gateway/accounts';
import { invalidRequest } from '@gateway/domain';
import { DeliveryLog, RequestTestCallbackCommand } from '@gateway/webhooks';
import { Get, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { isURL } from 'class-validator';
import type { Request, Response } from 'express';
import { RecordDashboardActionCommand } from '../../application/record-action/record-action.command';
import { roleCan } from '../../domain/roles';
import type { DashboardSession } from '../../read-models/session-store';
import { DashboardController, RequireCapability } from '../kit/dashboard-controller.decorator';
import { pageNotFound } from '../kit/dashboard-errors';
import { dashboardContext, dashboardState, field } from '../kit/dashboard-request';
import { html, type SafeHtml } from '../kit/html';
import { csrfField, renderPage } from '../kit/layout';
import { registerDashboardPage } from '../kit/page-registry';
import { noticeOf, redirectTo, sendHtml } from '../kit/respond';
import { timeHtml, viewerTimeZone } from '../kit/viewer-time';

registerDashboardPage({ id: 'callbacks', title: 'Callbacks', path: '/dashboard/callbacks', order: 30 });

const DELIVERY_ID = /^msg_[0-9a-f]{32}$/;

function kindOf(value: string | undefined): CallbackKind {
  if (!value || !(CALLBACK_KINDS as readonly string[]).includes(value))
    throw invalidRequest(`callback type must be one of ${CALLBACK_KINDS.join(', ')}`);
  return value as CallbackKind;
}

/** URL per kind, the callback token (reveal, rotate), the delivery log with attempts, resends. */
@DashboardController('callbacks')
export class CallbacksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly deliveries: DeliveryLog,
  ) {}

  @Get()
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    sendHtml(response, await this.render(request, session));
  }

  @Post('url')
  @RequireCapability('callbacks:manage')
  async setUrl(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const kind = kindOf(field(request, 'kind'));
    const url = field(request, 'url')?.trim() ?? '';
    if (
      url.length > 2048 ||
      !isURL(url, { require_tld: false, protocols: ['http', 'https'], require_protocol: true })
    ) {
      throw invalidRequest('url must be an http or https URL');
    }
    await this.commands.execute(
      new SetCallbackUrlCommand(session.businessId, session.mode, kind, url, dashboardContext(request, session)),
    );
    redirectTo(response, '/dashboard/callbacks', 'url-saved');
  }

  @Post('test')
  @RequireCapability('callbacks:manage')
  async sendTest(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    await this.commands.execute(
      new RequestTestCallbackCommand(
        session.businessId,
        session.mode,
        kindOf(field(request, 'kind')),
        dashboardContext(request, session),
      ),
    );
    redirectTo(response, '/dashboard/callbacks', 'test-sent');
  }

  /** A POST, so that the token never sits in a URL, a history entry or a cache. */
  @Post('token/reveal')
  @RequireCapability('secrets:reveal')
  async revealToken(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const settings = await this.queries.execute(new GetSettingsQuery(session.businessId, session.mode));
    sendHtml(response, await this.render(request, session, settings?.callbackToken ?? '(none yet)'));
  }

  @Post('token/rotate')
  @RequireCapability('callbacks:manage')
  async rotateToken(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const { callbackToken } = await this.commands.execute(
      new RotateCallbackTokenCommand(session.businessId, session.mode, dashboardContext(request, session)),
    );
    sendHtml(
      response,
      await this.render(request, session, callbackToken, 'The callback token was rotated. Update your receivers.'),
    );
  }

  @Post('resend-failed')
  @RequireCapability('callbacks:manage')
  async resendFailed(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const since = new Date(field(request, 'since') ?? '');
    if (Number.isNaN(since.getTime())) throw invalidRequest('since must be a date and time');
    const resent = await this.deliveries.resendFailedSince(session.businessId, session.mode, since);
    await this.recordAction(request, session, 'callbacks.resend_failed', `since ${since.toISOString()} (${resent})`);
    redirectTo(response, '/dashboard/callbacks', 'resent-failed');
  }

  @Get('deliveries/:id')
  async delivery(@Req() request: Request, @Res() response: Response, @Param('id') id: string): Promise<void> {
    const { session } = dashboardState(request);
    if (!DELIVERY_ID.test(id)) throw pageNotFound('This delivery');
    const zone = viewerTimeZone(request);
    const delivery = await this.deliveries.get(session.businessId, session.mode, id);
    const canResend = roleCan(session.role, 'callbacks:manage');
    const body = html`<section>
  <dl>
    <dt>Kind</dt><dd>${delivery.callback_type}</dd>
    <dt>Status</dt><dd data-testid="delivery-status">${delivery.status}</dd>
    <dt>Event</dt><dd>${delivery.event_type} (${delivery.resource_id})</dd>
    <dt>URL</dt><dd><code>${delivery.url}</code></dd>
    <dt>Created</dt><dd>${timeHtml(delivery.created, zone)}</dd>
  </dl>
  ${
    canResend
      ? html`<form method="post" action="/dashboard/callbacks/deliveries/${delivery.id}/resend">\
${csrfField(session)}<button type="submit">Resend this callback</button></form>`
      : ''
  }
</section>
<h2>Attempts</h2>
<div class="table-wrap" tabindex="0"><table id="attempts"><thead><tr><th scope="col">#</th><th scope="col">At</th>\
<th scope="col">Result</th><th scope="col">HTTP status</th><th scope="col">Latency</th><th scope="col">Manual</th></tr>\
</thead>
<tbody>${delivery.attempt_log.map(
      (attempt) =>
        html`<tr><td>${attempt.attempt}</td><td>${timeHtml(attempt.attempted_at, zone)}</td><td>${
          attempt.succeeded ? 'delivered' : (attempt.error ?? 'failed')
        }</td><td>${attempt.status_code ?? '-'}</td><td>${attempt.latency_ms} ms</td><td>${
          attempt.manual ? 'yes' : 'no'
        }</td></tr>`,
    )}</tbody></table></div>
<h2>Payload</h2>
<pre><code>${JSON.stringify(delivery.payload, null, 2)}</code></pre>
<p><a href="/dashboard/callbacks">Back to callbacks</a></p>`;
    sendHtml(
      response,
      renderPage({
        title: `Delivery ${delivery.id}`,
        active: 'callbacks',
        session,
        body,
        zone,
        notice: noticeOf(request),
      }),
    );
  }

  @Post('deliveries/:id/resend')
  @RequireCapability('callbacks:manage')
  async resend(@Req() request: Request, @Res() response: Response, @Param('id') id: string): Promise<void> {
    const { session } = dashboardState(request);
    if (!DELIVERY_ID.test(id)) throw pageNotFound('This delivery');
    await this.deliveries.resend(session.businessId, session.mode, id);
    await this.recordAction(request, session, 'callbacks.resend', id);
    redirectTo(response, `/dashboard/callbacks/deliveries/${id}`, 'resent');
  }

  /** Who resent which deliveries, in the team's history (resends are not commands of their own). */
  private async recordAction(request: Request, session: DashboardSession, action: string, target: string) {
    await this.commands.execute(
      new RecordDashboardActionCommand(
        session.businessId,
        session.userId,
        session.mode,
        action,
        target,
        dashboardContext(request, session),
      ),
    );
  }

  private async render(
    request: Request,
    session: DashboardSession,
    revealedToken?: string,
    notice?: string,
  ): Promise<string> {
    const zone = viewerTimeZone(request);
    const endpoints = await Promise.all(
      CALLBACK_KINDS.map((kind) =>
        this.queries.execute(new GetCallbackEndpointQuery(session.businessId, session.mode, kind)),
      ),
    );
    const log = await this.deliveries.list(session.businessId, session.mode, { limit: 50 });
    const manage = roleCan(session.role, 'callbacks:manage');
    const reveal = roleCan(session.role, 'secrets:reveal');
    const urlRow = (endpoint: (typeof endpoints)[number]): SafeHtml =>
      html`<tr><th scope="row">${endpoint.kind}</th><td>${
        endpoint.url ? html`<code>${endpoint.url}</code>` : html`<span class="muted">not set</span>`
      }${endpoint.disabled ? html` <strong>(disabled: ${endpoint.disabledReason})</strong>` : ''}</td>
<td>${
        manage
          ? html`<form method="post" action="/dashboard/callbacks/url">${csrfField(session)}<input type="hidden" \
name="kind" value="${endpoint.kind}">
<label for="url-${endpoint.kind}">New URL for ${endpoint.kind}</label>\
<input id="url-${endpoint.kind}" name="url" type="url" required value="${endpoint.url ?? ''}">\
<button type="submit">Save ${endpoint.kind} URL</button></form>
${
  endpoint.url
    ? html`<form method="post" action="/dashboard/callbacks/test">${csrfField(session)}<input type="hidden" \
name="kind" value="${endpoint.kind}"><button type="submit" class="secondary">Send test ${endpoint.kind} \
callback</button></form>`
    : ''
}`
          : ''
      }</td></tr>`;
    const body = html`<section aria-labelledby="token-h">
  <h2 id="token-h">Callback token</h2>
  <p class="muted">Sent as <code>x-callback-token</code> with every callback of this mode.</p>
  ${revealedToken ? html`<p class="secret" id="callback-token">${revealedToken}</p>` : ''}
  ${
    reveal
      ? html`<form method="post" action="/dashboard/callbacks/token/reveal" \
class="inline">${csrfField(session)}<button type="submit" class="secondary">Reveal token</button></form>`
      : ''
  }
  ${
    manage
      ? html`<form method="post" action="/dashboard/callbacks/token/rotate" \
class="inline">${csrfField(session)}<button type="submit" class="danger">Rotate token</button></form>`
      : ''
  }
</section>
<section aria-labelledby="urls-h">
  <h2 id="urls-h">Callback URLs</h2>
  <div class="table-wrap" tabindex="0"><table><thead><tr><th scope="col">Kind</th><th scope="col">URL</th>\
<th scope="col">Change</th></tr></thead><tbody>${endpoints.map(urlRow)}</tbody></table></div>
</section>
<section aria-labelledby="log-h">
  <h2 id="log-h">Delivery log</h2>
  ${
    manage
      ? html`<form method="post" action="/dashboard/callbacks/resend-failed">${csrfField(session)}<label \
for="since">Resend every failed delivery since</label><input id="since" name="since" type="datetime-local" required>\
<button type="submit" class="secondary">Resend failed</button></form>`
      : ''
  }
  <div class="table-wrap" tabindex="0"><table id="deliveries"><thead><tr><th scope="col">Delivery</th>\
<th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last status</th>\
<th scope="col">Created</th></tr></thead>
  <tbody>${log.data.map(
    (delivery) =>
      html`<tr><td><a href="/dashboard/callbacks/deliveries/${delivery.id}">${delivery.id}</a></td>\
<td>${delivery.callback_type}</td><td>${delivery.status}</td><td>${delivery.attempts}</td><td>${
        delivery.last_status_code ?? '-'
      }</td><td>${timeHtml(delivery.created, zone)}</td></tr>`,
  )}</tbody></table></div>
  ${log.data.length === 0 ? html`<p class="muted">No callbacks yet in this mode.</p>` : ''}
</section>`;
    return renderPage({
      title: 'Callbacks',
      active: 'callbacks',
      session,
      body,
      zone,
      notice: notice ?? noticeOf(request),
    });
  }
}
