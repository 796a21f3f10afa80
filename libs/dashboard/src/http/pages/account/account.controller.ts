import { Get, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import {
  ChangePasswordCommand,
  ConfirmTwoFactorCommand,
  DisableTwoFactorCommand,
  StartTwoFactorCommand,
  type TwoFactorSetup,
} from '../../../application/account/account.commands';
import { DashboardErrors } from '../../../domain/dashboard-team.errors';
import { AccountSecurityStore } from '../../../read-models/account-security.store';
import type { DashboardSession } from '../../../read-models/session-store';
import { AllowedDuringSetup, DashboardController } from '../../kit/dashboard-controller.decorator';
import { dashboardContext, dashboardState, field } from '../../kit/dashboard-request';
import { formErrorOf } from '../../kit/form-errors';
import { html, type SafeHtml } from '../../kit/html';
import { csrfField, renderPage } from '../../kit/layout';
import { registerDashboardPage } from '../../kit/page-registry';
import { NOTICES, noticeOf, redirectTo, sendHtml } from '../../kit/respond';
import { viewerTimeZone } from '../../kit/viewer-time';

registerDashboardPage({ id: 'account', title: 'Your account', path: '/dashboard/account', order: 95 });

const SETUP_TEXT: Record<NonNullable<DashboardSession['setupNeeded']>, string> = {
  password: 'You signed in with a one-time password: choose your own before you go on.',
  'two-factor': 'Your team requires two-step sign-in: turn it on before you go on.',
};

/**
 * The signed-in user's own account: change the password (the current one proves it is them;
 * other sessions end) and two-step sign-in with an authenticator app (TOTP). While the user
 * must still do one of these (a one-time password, a team that requires two-step sign-in),
 * this page is the only one open to them.
 */
@DashboardController('account')
export class AccountController {
  constructor(
    private readonly commands: CommandBus,
    private readonly security: AccountSecurityStore,
  ) {}

  @Get()
  @AllowedDuringSetup()
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    sendHtml(response, await this.render(request, session));
  }

  @Post('password')
  @AllowedDuringSetup()
  async changePassword(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session, token } = dashboardState(request);
    const password = field(request, 'new_password') ?? '';
    await this.refusedBack(request, response, session, async () => {
      if (password !== field(request, 'new_password_again'))
        throw DashboardErrors.invalid('The two new passwords differ: type the same one twice.');
      await this.commands.execute(
        new ChangePasswordCommand(
          session.businessId,
          session.userId,
          field(request, 'current_password') ?? '',
          password,
          token,
          dashboardContext(request, session),
        ),
      );
      redirectTo(response, '/dashboard/account', 'password-changed');
    });
  }

  /** A new secret, shown once with its link for an authenticator app; on only once a code confirms it. */
  @Post('two-factor/start')
  @AllowedDuringSetup()
  async startTwoFactor(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    await this.refusedBack(request, response, session, async () => {
      const setup = await this.commands.execute(new StartTwoFactorCommand(session.userId, session.email));
      sendHtml(response, await this.render(request, session, { setup }));
    });
  }

  @Post('two-factor/confirm')
  @AllowedDuringSetup()
  async confirmTwoFactor(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    await this.refusedBack(request, response, session, async () => {
      const recoveryCodes = await this.commands.execute(
        new ConfirmTwoFactorCommand(
          session.businessId,
          session.userId,
          field(request, 'code') ?? '',
          dashboardContext(request, session),
        ),
      );
      // Shown in this answer only (a redirect would need them kept somewhere): the codes are never shown again.
      const setupNeeded = session.setupNeeded === 'two-factor' ? undefined : session.setupNeeded;
      sendHtml(response, await this.render(request, { ...session, setupNeeded }, { recoveryCodes }));
    });
  }

  @Post('two-factor/disable')
  async disableTwoFactor(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    await this.refusedBack(request, response, session, async () => {
      await this.commands.execute(
        new DisableTwoFactorCommand(
          session.businessId,
          session.userId,
          field(request, 'code') ?? '',
          dashboardContext(request, session),
        ),
      );
      redirectTo(response, '/dashboard/account', 'two-factor-off');
    });
  }

  private async refusedBack(
    request: Request,
    response: Response,
    session: DashboardSession,
    work: () => Promise<void>,
  ): Promise<void> {
    try {
      await work();
    } catch (error) {
      const refused = formErrorOf(error);
      if (!refused) throw error;
      sendHtml(response, await this.render(request, session, { error: refused.box }), refused.status);
    }
  }

  private async render(
    request: Request,
    session: DashboardSession,
    shown: { setup?: TwoFactorSetup; error?: SafeHtml; recoveryCodes?: string[] } = {},
  ): Promise<string> {
    const twoFactor = (await this.security.secretOf(session.userId))?.enabled === true;
    const setup = shown.setup;
    const codesLeft = twoFactor && !shown.recoveryCodes ? await this.security.unusedRecoveryCodes(session.userId) : 0;
    const body = html`${
      session.setupNeeded
        ? html`<p class="error" role="alert" id="setup-needed">${SETUP_TEXT[session.setupNeeded]}</p>`
        : ''
    }
<section class="card" aria-labelledby="password-h"><h2 id="password-h">Password</h2>
<form method="post" action="/dashboard/account/password">${csrfField(session)}
  <input type="text" name="username" autocomplete="username" value="${session.email}" hidden>
  <label for="current_password">Current password</label><input id="current_password" name="current_password" \
type="password" autocomplete="current-password" required maxlength="256">
  <label for="new_password">New password (at least 12 characters)</label>\
<input id="new_password" name="new_password" type="password" autocomplete="new-password" minlength="12" \
maxlength="256" required>
  <label for="new_password_again">The same again</label><input id="new_password_again" name="new_password_again" \
type="password" autocomplete="new-password" minlength="12" maxlength="256" required>
  <p><button type="submit" id="change-password">Change password</button></p>
</form>
<p class="muted">Your other sessions end when the password changes.</p>
</section>
<section class="card" aria-labelledby="two-factor-h"><h2 id="two-factor-h">Two-step sign-in</h2>
${
  setup
    ? html`<p>Add this account to your authenticator app (Google Authenticator, Authy, 1Password, ...): open \
<a href="${setup.otpauthUri}" id="otpauth-link">this link</a> on the phone, or type the key:</p>
<p class="secret" id="totp-secret">${setup.secret.replace(/(.{4})/g, '$1 ').trim()}</p>
<form method="post" action="/dashboard/account/two-factor/confirm">${csrfField(session)}
  <label for="confirm-code">The 6-digit code the app shows now</label>\
<input id="confirm-code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="7" \
required>
  <p><button type="submit" id="confirm-two-factor">Turn on</button></p>
</form>`
    : twoFactor
      ? html`<p id="two-factor-status">On: after your password, \
the dashboard asks for the code of your authenticator app.</p>
${
  shown.recoveryCodes
    ? html`<div id="recovery-codes-box"><h3>Recovery codes</h3>
<p><strong>Keep these somewhere safe now: they are not shown again.</strong>
Each signs in once in place of the app's code, if you lose your phone.</p>
<ul class="secret" id="recovery-codes">${shown.recoveryCodes.map((code) => html`<li>${code}</li>`)}</ul></div>`
    : html`<p class="muted" id="recovery-codes-left">${codesLeft} unused recovery codes.
Lost them and your phone? An admin of your team can reset your two-step sign-in.</p>`
}
<form method="post" action="/dashboard/account/two-factor/disable">${csrfField(session)}
  <label for="disable-code">To turn it off, the code the app shows now</label>\
<input id="disable-code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="7" \
required>
  <p><button type="submit" class="danger" id="disable-two-factor">Turn off</button></p>
</form>`
      : html`<p id="two-factor-status">Off: your password alone opens the dashboard.</p>
<form method="post" action="/dashboard/account/two-factor/start">${csrfField(session)}<button type="submit" \
id="start-two-factor">Turn on two-step sign-in</button></form>`
}
</section>`;
    const notice = shown.recoveryCodes ? NOTICES['two-factor-on'] : noticeOf(request);
    const zone = viewerTimeZone(request);
    return renderPage({ title: 'Your account', active: 'account', session, body, zone, notice, error: shown.error });
  }
}
