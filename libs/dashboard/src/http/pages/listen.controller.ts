import { type ListenMessage, ListenStream } from '@gateway/webhooks';
import { Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { roleCan } from '../../domain/roles';
import { DashboardController } from '../kit/dashboard-controller.decorator';
import { dashboardState } from '../kit/dashboard-request';
import { html, type SafeHtml } from '../kit/html';
import { renderPage } from '../kit/layout';
import { registerDashboardPage } from '../kit/page-registry';
import { sendHtml } from '../kit/respond';
import { timeHtml, viewerTimeZone } from '../kit/viewer-time';

registerDashboardPage({
  id: 'listen',
  title: 'Listen (test)',
  path: '/dashboard/listen',
  order: 43,
  testModeOnly: true,
});

/** A visit keeps the business listened to this long: long enough to trigger something and look again. */
const DASHBOARD_LISTEN_MS = 10 * 60_000;
const SHOWN = 50;

/**
 * `listen` through a dashboard session: opening the page starts the business's test-mode listen
 * stream (for ten minutes from each visit) and shows what it caught, newest first, with the
 * signing secret and the command that forwards the same stream to a local URL. Forwarding itself
 * is the CLI's: only a process on the developer's machine reaches a local URL without opening the
 * gateway to private addresses.
 */
@DashboardController('listen')
export class ListenPageController {
  constructor(private readonly stream: ListenStream) {}

  @Get()
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const zone = viewerTimeZone(request);
    if (session.mode !== 'test') {
      const body = html`<p id="listen-live-mode">Listening streams test-mode callbacks only. Switch to test mode to \
use it.</p>`;
      sendHtml(response, renderPage({ title: 'Listen', active: 'listen', session, body, zone }));
      return;
    }
    await this.stream.keepListening(session.businessId, DASHBOARD_LISTEN_MS);
    const [secret, messages] = await Promise.all([
      roleCan(session.role, 'secrets:reveal') ? this.stream.secretOf(session.businessId) : Promise.resolve(undefined),
      this.stream.recent(session.businessId, SHOWN),
    ]);
    const body = html`<p>Listening to this business's test-mode callbacks for the next ten minutes (each visit of this \
page extends it), whether or not a callback URL is set.
Reload to see new ones. To receive them on your own machine, run:</p>
<pre><code>GATEWAY_SECRET_KEY=&lt;a test secret key&gt; npm run cli -- listen --forward-to \
http://localhost:4000/hook</code></pre>
<p>Then make callbacks happen: <code>npm run cli -- trigger invoice.paid</code> (<code>npm run cli -- trigger</code> \
lists them all), or the test tools.</p>
${
  secret
    ? html`<p>Forwarded callbacks are signed (Standard Webhooks) with \
<code id="listen-signing-secret">${secret}</code>, the same on every run.</p>`
    : html`<p class="muted">Your role cannot see the listen signing secret; a developer or admin can.</p>`
}
<section aria-labelledby="caught-h"><h2 id="caught-h">Caught in the last hour</h2>
${messages.length === 0 ? html`<p class="muted" id="listen-empty">Nothing yet.</p>` : messageTable(messages, zone)}
</section>`;
    sendHtml(response, renderPage({ title: 'Listen', active: 'listen', session, body, zone }));
  }
}

function messageTable(messages: ListenMessage[], zone: string): SafeHtml {
  return html`<div class="table-wrap" tabindex="0"><table id="listen-messages"><thead><tr><th scope="col">When</th>\
<th scope="col">Kind</th><th scope="col">Event</th><th scope="col">About</th><th scope="col">webhook-id</th>\
<th scope="col">Body</th></tr></thead>
<tbody>${messages.map(
    (message) => html`<tr data-webhook-id="${message.id}"><td>${timeHtml(message.occurredAt, zone)}</td>\
<td>${message.kind}</td><td>${message.eventType}</td><td><code>${message.resourceId}</code></td><td>\
<code>${message.id}</code></td>
<td><details><summary>Show body</summary><pre><code>${pretty(message.payload)}</code></pre></details></td></tr>`,
  )}</tbody></table></div>`;
}

function pretty(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}
