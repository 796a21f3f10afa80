import { DomainError } from '@gateway/domain';
import { AppConfig } from '@gateway/config';
import { gatewayState, publicBaseUrl } from '@gateway/http-edge';
import { Get, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { RequestPasswordResetCommand, ResetPasswordCommand } from '../application/account/account.commands';
import { TeamRunner } from '../application/team-runner';
import { AccountSecurityStore } from '../read-models/account-security.store';
import { DashboardController, DashboardPublic } from './kit/dashboard-controller.decorator';
import { field } from './kit/dashboard-request';
import { html } from './kit/html';
import { checkPublicForm, formAlert, publicCsrfField, publicFormToken } from './kit/public-form';
import { sendBarePage } from './kit/respond';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Forgotten passwords: a link mailed through the dashboard's mail (outbox, and SMTP with
 * MAIL_TRANSPORT=smtp), valid 30 minutes, once. The first page answers the same whether the
 * email has an account or not. A reset ends every session of the user; two-step sign-in stays.
 */
@DashboardController('password-reset')
export class PasswordResetController {
  constructor(
    private readonly commands: CommandBus,
    private readonly security: AccountSecurityStore,
    private readonly runner: TeamRunner,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @DashboardPublic()
  page(@Req() request: Request, @Res() response: Response): void {
    const csrf = publicFormToken(request, response);
    sendBarePage(
      response,
      'Reset your password',
      html`<form method="post" action="/dashboard/password-reset" class="card">
  ${publicCsrfField(csrf)}
  <label for="email">Your email</label><input id="email" name="email" type="email" autocomplete="username" required \
maxlength="254">
  <p><button type="submit">Mail me a reset link</button></p>
</form>
<p><a href="/dashboard/sign-in">Back to sign-in</a></p>`,
    );
  }

  @Post()
  @DashboardPublic()
  async request(@Req() request: Request, @Res() response: Response): Promise<void> {
    checkPublicForm(request);
    await this.commands.execute(
      new RequestPasswordResetCommand(
        field(request, 'email') ?? '',
        publicBaseUrl(request, this.config),
        gatewayState(request).requestId,
      ),
    );
    sendBarePage(
      response,
      'Check your mail',
      html`<p class="notice" role="status" id="reset-sent">If an account exists for that email, \
we have sent it a link to choose a new password. The link works for 30 minutes.</p>
<p><a href="/dashboard/sign-in">Back to sign-in</a></p>`,
    );
  }

  @Get(':token')
  @DashboardPublic()
  async form(@Req() request: Request, @Res() response: Response, @Param('token') token: string): Promise<void> {
    if (!TOKEN.test(token) || !(await this.security.resetUser(token, await this.runner.now(), false)))
      return this.invalid(response);
    this.renderForm(request, response, token, 200);
  }

  @Post(':token')
  @DashboardPublic()
  async reset(@Req() request: Request, @Res() response: Response, @Param('token') token: string): Promise<void> {
    checkPublicForm(request);
    if (!TOKEN.test(token)) return this.invalid(response);
    const password = field(request, 'password') ?? '';
    if (password !== field(request, 'password_again'))
      return this.renderForm(request, response, token, 400, 'The two passwords differ: type the same one twice.');
    try {
      await this.commands.execute(new ResetPasswordCommand(token, password, gatewayState(request).requestId));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.code === 'DASHBOARD_RESET_LINK_INVALID_ERROR') return this.invalid(response);
      return this.renderForm(request, response, token, 400, error.message);
    }
    response.redirect(303, '/dashboard/sign-in?notice=password-reset');
  }

  private renderForm(request: Request, response: Response, token: string, status: number, error?: string): void {
    const csrf = publicFormToken(request, response);
    sendBarePage(
      response,
      'Choose a new password',
      html`${formAlert(error, 'reset-error')}
<form method="post" action="/dashboard/password-reset/${token}" class="card">
  ${publicCsrfField(csrf)}
  <label for="password">New password (at least 12 characters)</label>\
<input id="password" name="password" type="password" autocomplete="new-password" minlength="12" maxlength="256" \
required>
  <label for="password_again">The same again</label><input id="password_again" name="password_again" type="password" \
autocomplete="new-password" minlength="12" maxlength="256" required>
  <p><button type="submit">Set my password</button></p>
</form>`,
      status,
    );
  }

  private invalid(response: Response): void {
    sendBarePage(
      response,
      'This link does not work',
      html`<p class="error" role="alert" id="reset-invalid">This reset link has expired or was used already.</p><p>\
<a href="/dashboard/password-reset">Ask for a new link</a></p>`,
      410,
    );
  }
}
