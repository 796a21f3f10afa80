import { Get, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { ChangeDashboardRoleCommand } from '../../application/change-role/change-role.command';
import { CreateDashboardUserCommand } from '../../application/create-user/create-user.command';
import { ListDashboardUsersQuery } from '../../application/list-users/list-users.query';
import { RemoveDashboardUserCommand } from '../../application/remove-user/remove-user.command';
import { ResetUserTwoFactorCommand, SetTeamTwoFactorCommand } from '../../application/account/account.commands';
import { TeamSettingsReader } from '../../read-models/team-settings.reader';
import { DashboardErrors } from '../../domain/dashboard-team.errors';
import { DASHBOARD_ROLES, type DashboardRole, isDashboardRole } from '../../domain/roles';
import type { DashboardSession } from '../../read-models/session-store';
import { DashboardController, RequireCapability } from '../kit/dashboard-controller.decorator';
import { pageNotFound } from '../kit/dashboard-errors';
import { dashboardContext, dashboardState, field } from '../kit/dashboard-request';
import { html, type SafeHtml } from '../kit/html';
import { csrfField, renderPage } from '../kit/layout';
import { registerDashboardPage } from '../kit/page-registry';
import { noticeOf, redirectTo, sendHtml } from '../kit/respond';
import { timeHtml, viewerTimeZone } from '../kit/viewer-time';

registerDashboardPage({ id: 'team', title: 'Team', path: '/dashboard/team', order: 90, capability: 'team:manage' });

function roleField(request: Request): DashboardRole {
  const role = field(request, 'role');
  if (!isDashboardRole(role)) throw DashboardErrors.invalid('role must be admin, developer, finance or viewer');
  return role;
}

/** Admins invite users (a one-time password, shown once), change roles and remove users. */
@DashboardController('team')
export class TeamController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly teams: TeamSettingsReader,
  ) {}

  @Get()
  @RequireCapability('team:manage')
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    sendHtml(response, await this.render(request, dashboardState(request).session));
  }

  @Post('users')
  @RequireCapability('team:manage')
  async invite(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const created = await this.commands.execute(
      new CreateDashboardUserCommand(
        session.businessId,
        field(request, 'email') ?? '',
        roleField(request),
        undefined,
        dashboardContext(request, session),
      ),
    );
    const shown = html`<section aria-labelledby="invited-h"><h2 id="invited-h">${created.email} can sign in</h2>
<p>Give them this one-time password through a safe channel; it is not shown again.</p>
<p class="secret" id="one-time-password">${created.oneTimePassword}</p></section>`;
    sendHtml(response, await this.render(request, session, shown));
  }

  @Post('users/:id/role')
  @RequireCapability('team:manage')
  async changeRole(@Req() request: Request, @Res() response: Response, @Param('id') userId: string): Promise<void> {
    const { session } = dashboardState(request);
    await this.ensureMember(session, userId);
    await this.commands.execute(
      new ChangeDashboardRoleCommand(
        session.businessId,
        userId,
        roleField(request),
        dashboardContext(request, session),
      ),
    );
    redirectTo(response, '/dashboard/team', 'role-changed');
  }

  @Post('users/:id/remove')
  @RequireCapability('team:manage')
  async remove(@Req() request: Request, @Res() response: Response, @Param('id') userId: string): Promise<void> {
    const { session } = dashboardState(request);
    await this.ensureMember(session, userId);
    await this.commands.execute(
      new RemoveDashboardUserCommand(session.businessId, userId, dashboardContext(request, session)),
    );
    redirectTo(response, '/dashboard/team', 'user-removed');
  }

  /**
   * Resets a user's two-step sign-in (they lost their authenticator and recovery codes): the secret
   * and codes go, their sessions end, and DashboardTwoFactorDisabled records which admin did it.
   */
  @Post('users/:id/reset-two-factor')
  @RequireCapability('team:manage')
  async resetTwoFactor(@Req() request: Request, @Res() response: Response, @Param('id') userId: string): Promise<void> {
    const { session } = dashboardState(request);
    await this.ensureMember(session, userId);
    if (userId === session.userId) {
      throw DashboardErrors.invalid('Reset your own two-step sign-in from your account page');
    }
    const context = dashboardContext(request, session);
    await this.commands.execute(new ResetUserTwoFactorCommand(session.businessId, userId, context));
    redirectTo(response, '/dashboard/team', 'two-factor-reset');
  }

  /** Requires (or stops requiring) two-step sign-in of every user: those without it set it up at their next page. */
  @Post('two-factor')
  @RequireCapability('team:manage')
  async requireTwoFactor(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const required = field(request, 'required');
    if (required !== 'on' && required !== 'off') throw DashboardErrors.invalid('required must be on or off');
    await this.commands.execute(
      new SetTeamTwoFactorCommand(session.businessId, required === 'on', dashboardContext(request, session)),
    );
    redirectTo(response, '/dashboard/team', 'team-two-factor');
  }

  private resetForm(session: DashboardSession, user: { userId: string; email: string }): SafeHtml {
    return html`<form method="post" action="/dashboard/team/users/${user.userId}/reset-two-factor">${csrfField(session)}
<button type="submit" class="secondary" aria-label="Reset two-step sign-in of ${user.email}">Reset</button></form>`;
  }

  /** A user of another business answers as if it did not exist. */
  private async ensureMember(session: DashboardSession, userId: string): Promise<void> {
    const users = await this.queries.execute(new ListDashboardUsersQuery(session.businessId));
    if (!users.some((user) => user.userId === userId)) throw pageNotFound('This user');
  }

  private async render(request: Request, session: DashboardSession, shown?: SafeHtml): Promise<string> {
    const zone = viewerTimeZone(request);
    const users = await this.queries.execute(new ListDashboardUsersQuery(session.businessId));
    const required = await this.teams.twoFactorRequired(session.businessId);
    const roleOptions = (current?: DashboardRole) =>
      DASHBOARD_ROLES.map(
        (role) => html`<option value="${role}"${role === current ? html` selected` : ''}>${role}</option>`,
      );
    const body = html`${shown ?? ''}
<section aria-labelledby="users-h"><h2 id="users-h">Users</h2>
<div class="table-wrap" tabindex="0"><table id="users"><thead><tr><th scope="col">Email</th><th scope="col">Role</th>\
<th scope="col">Last sign-in</th><th scope="col">Two-step sign-in</th><th scope="col">Remove</th></tr></thead>
<tbody>${users.map(
      (user) => html`<tr data-user-id="${user.userId}"><td>${user.email}</td>
<td><form method="post" action="/dashboard/team/users/${user.userId}/role">${csrfField(session)}<label \
for="role-${user.userId}">Role of ${user.email}</label>\
<select id="role-${user.userId}" name="role">${roleOptions(user.role)}</select>\
<button type="submit" class="secondary">Change role</button></form></td>
<td>${user.lastSignIn ? timeHtml(user.lastSignIn, zone) : 'never'}</td>
<td>${user.twoFactor ? 'on' : 'off'}
${user.twoFactor && user.userId !== session.userId ? this.resetForm(session, user) : ''}</td>
<td>${
        user.userId === session.userId
          ? html`<span class="muted">you</span>`
          : html`<form method="post" action="/dashboard/team/users/${user.userId}/remove">${csrfField(session)}<button \
type="submit" class="danger" aria-label="Remove ${user.email}">Remove</button></form>`
      }</td></tr>`,
    )}</tbody></table></div></section>
<section aria-labelledby="invite-h"><h2 id="invite-h">Invite a user</h2>
<form method="post" action="/dashboard/team/users">${csrfField(session)}
  <label for="invite-email">Email</label><input id="invite-email" name="email" type="email" required>
  <label for="invite-role">Role</label><select id="invite-role" name="role">${roleOptions('viewer')}</select>
  <p><button type="submit">Invite</button></p>
</form>
<p class="muted">Admin: everything. Developer: API keys, callbacks, test tools. Finance: refunds, invoices, payouts, \
reports. Viewer: reads only.</p></section>
<section aria-labelledby="team-2fa-h"><h2 id="team-2fa-h">Two-step sign-in</h2>
<p id="team-two-factor">${
      required ? 'Required: every user signs in with a code of an authenticator app.' : 'Optional: each user chooses.'
    }</p>
<form method="post" action="/dashboard/team/two-factor">${csrfField(session)}<input type="hidden" name="required" \
value="${required ? 'off' : 'on'}">
<button type="submit" class="secondary" id="team-two-factor-toggle">${
      required ? 'Make two-step sign-in optional' : 'Require two-step sign-in for everyone'
    }</button></form></section>`;
    return renderPage({ title: 'Team', active: 'team', session, body, zone, notice: noticeOf(request) });
  }
}
