import {
  CreateApiKeyCommand,
  GetSettingsQuery,
  ListApiKeysQuery,
  RevokeApiKeyCommand,
  UpdateSettingsCommand,
} from '@gateway/accounts';
import { DEFAULT_SECRET_KEY_PERMISSIONS, invalidRequest, type Permission, PERMISSIONS } from '@gateway/domain';
import { declaredResources, versionsOf } from '@gateway/http-edge';
import { Get, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { roleCan } from '../../domain/roles';
import { eventsOf, eventTable } from './event-history';
import type { DashboardSession } from '../../read-models/session-store';
import { DashboardController, RequireCapability } from '../kit/dashboard-controller.decorator';
import { pageNotFound } from '../kit/dashboard-errors';
import { dashboardContext, dashboardState, field, queryField } from '../kit/dashboard-request';
import { html } from '../kit/html';
import { csrfField, renderPage } from '../kit/layout';
import { registerDashboardPage } from '../kit/page-registry';
import { noticeOf, redirectTo, sendHtml } from '../kit/respond';

registerDashboardPage({ id: 'developers', title: 'Developers', path: '/dashboard/developers', order: 40 });

/** Form fields are flat strings: every checked permission arrives as `perm_<permission>`. */
/** What the edge accepts as a Request-ID (generated or passed through); anything else cannot match. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const permissionField = (permission: Permission) => `perm_${permission.replace(':', '_')}`;

/** API keys (created with chosen permissions and shown once; revoked) and the API version per resource. */
@DashboardController('developers')
export class DevelopersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    sendHtml(response, await this.render(request, dashboardState(request).session));
  }

  @Post('keys')
  @RequireCapability('keys:manage')
  async create(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const name = field(request, 'name')?.trim() ?? '';
    if (name.length < 1 || name.length > 100) throw invalidRequest('name must be 1 to 100 characters');
    const permissions = PERMISSIONS.filter((permission) => field(request, permissionField(permission)) === 'on');
    if (permissions.length === 0) throw invalidRequest('Choose at least one permission');
    const created = await this.commands.execute(
      new CreateApiKeyCommand(
        session.businessId,
        session.mode,
        'secret',
        name,
        permissions,
        dashboardContext(request, session),
      ),
    );
    const shown = html`<section aria-labelledby="new-key-h"><h2 id="new-key-h">New key ${created.name}</h2>
<p>Copy it now: it is stored hashed and shown only this once.</p>
<p class="secret" id="new-api-key">${created.key}</p>
<p class="muted">Permissions: ${created.permissions.join(', ')}</p></section>`;
    sendHtml(response, await this.render(request, session, shown));
  }

  @Post('keys/:id/revoke')
  @RequireCapability('keys:manage')
  async revoke(@Req() request: Request, @Res() response: Response, @Param('id') keyId: string): Promise<void> {
    const { session } = dashboardState(request);
    const keys = await this.queries.execute(new ListApiKeysQuery(session.businessId, session.mode));
    // Another business's or mode's key is not there: same answer as an unknown one.
    if (!keys.some((key) => key.key_id === keyId)) throw pageNotFound('This API key');
    await this.commands.execute(new RevokeApiKeyCommand(session.businessId, keyId, dashboardContext(request, session)));
    redirectTo(response, '/dashboard/developers', 'key-revoked');
  }

  @Post('api-versions')
  @RequireCapability('keys:manage')
  async setVersions(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    // The form lists every resource: a blank choice resets that resource to its default.
    const versions: Record<string, string | null> = {};
    for (const resource of declaredResources()) {
      const chosen = field(request, `version_${resource}`);
      if (!chosen) {
        versions[resource] = null;
        continue;
      }
      const known = versionsOf(resource)?.versions ?? [];
      if (!known.includes(chosen)) throw invalidRequest(`${chosen} is not a version of ${resource}`);
      versions[resource] = chosen;
    }
    await this.commands.execute(
      new UpdateSettingsCommand(
        session.businessId,
        session.mode,
        { apiVersions: versions },
        dashboardContext(request, session),
      ),
    );
    redirectTo(response, '/dashboard/developers', 'versions-saved');
  }

  private async render(request: Request, session: DashboardSession, shown?: ReturnType<typeof html>): Promise<string> {
    const requestId = queryField(request, 'request_id')?.trim() || undefined;
    if (requestId !== undefined && !REQUEST_ID.test(requestId))
      throw invalidRequest('request_id must be a Request-ID as responses carry it');
    const [keys, settings, requestEvents] = await Promise.all([
      this.queries.execute(new ListApiKeysQuery(session.businessId, session.mode)),
      this.queries.execute(new GetSettingsQuery(session.businessId, session.mode)),
      requestId
        ? eventsOf(this.queries, { kind: 'correlation', correlationId: requestId }, session.businessId, session.mode)
        : Promise.resolve(undefined),
    ]);
    const manage = roleCan(session.role, 'keys:manage');
    const current = settings?.settings.apiVersions ?? {};
    const body = html`${shown ?? ''}
<section aria-labelledby="keys-h">
  <h2 id="keys-h">API keys (${session.mode} mode)</h2>
  <div class="table-wrap" tabindex="0"><table id="api-keys"><thead><tr><th scope="col">Name</th>\
<th scope="col">Key</th><th scope="col">Kind</th><th scope="col">Permissions</th><th scope="col">Status</th>\
<th scope="col">Action</th></tr></thead>
  <tbody>${keys.map(
    (key) => html`<tr data-key-id="${key.key_id}"><td>${key.name}</td><td><code>…${key.key_hint}</code></td>\
<td>${key.kind}</td><td>${key.permissions.join(', ')}</td><td>${key.revoked ? `revoked ${key.revoked}` : 'active'}</td>
<td>${
      manage && !key.revoked
        ? html`<form method="post" action="/dashboard/developers/keys/${key.key_id}/revoke">\
${csrfField(session)}<button type="submit" class="danger" aria-label="Revoke key ${key.name}">Revoke</button></form>`
        : ''
    }</td></tr>`,
  )}</tbody></table></div>
</section>
${
  manage
    ? html`<section aria-labelledby="create-h"><h2 id="create-h">Create a secret key</h2>
<form method="post" action="/dashboard/developers/keys">${csrfField(session)}
  <label for="key-name">Name</label><input id="key-name" name="name" type="text" required maxlength="100">
  <fieldset><legend>Permissions</legend>
  ${PERMISSIONS.map(
    (permission) =>
      html`<label><input type="checkbox" name="${permissionField(permission)}"${
        DEFAULT_SECRET_KEY_PERMISSIONS.includes(permission) ? html` checked` : ''
      }> ${permission}</label> `,
  )}
  </fieldset>
  <button type="submit">Create key</button>
</form></section>`
    : ''
}
<section aria-labelledby="versions-h"><h2 id="versions-h">API version per resource</h2>
<form method="post" action="/dashboard/developers/api-versions">${csrfField(session)}
${declaredResources().map((resource) => {
  const versions = versionsOf(resource)?.versions ?? [];
  return html`<label for="version-${resource}">${resource}</label>
<select id="version-${resource}" name="version_${resource}"${manage ? '' : html` disabled`}>
<option value="">default</option>
${versions.map(
  (version) =>
    html`<option value="${version}"${current[resource] === version ? html` selected` : ''}>${version}</option>`,
)}
</select>`;
})}
${manage ? html`<p><button type="submit">Save versions</button></p>` : ''}
</form></section>
<section aria-labelledby="reqlog-h"><h2 id="reqlog-h">Request log</h2>
<p class="muted">Every response carries a <code>Request-ID</code> header; \
enter one to see every event that request recorded, in any resource, in ${session.mode} mode.</p>
<form method="get" action="/dashboard/developers" role="search">
  <label for="request-id">Request-ID</label><input id="request-id" name="request_id" type="text" maxlength="128" \
required value="${requestId ?? ''}">
  <button type="submit">Search</button>
</form>
${
  requestId
    ? requestEvents && requestEvents.length > 0
      ? eventTable('request-events', requestEvents, true)
      : html`<p class="muted" id="request-events-empty">No events recorded by request \
<code>${requestId}</code> in ${session.mode} mode (reads record none).</p>`
    : ''
}
</section>`;
    return renderPage({ title: 'Developers', active: 'developers', session, body, notice: noticeOf(request) });
  }
}
