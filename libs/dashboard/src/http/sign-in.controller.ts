import { DomainError } from '@gateway/domain';
import { gatewayState } from '@gateway/platform';
import { Get, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { SignInCommand } from '../application/sign-in/sign-in.command';
import { SignOutCommand } from '../application/sign-out/sign-out.command';
import { SessionStore } from '../read-models/session-store';
import { randomToken } from '../read-models/session-store';
import { DASHBOARD_CSS } from './kit/dashboard.css';
import { DashboardController, DashboardPublic } from './kit/dashboard-controller.decorator';
import { csrfRefused } from './kit/dashboard-errors';
import { cookieHeader, cookieValue, dashboardContext, dashboardState, field, SESSION_COOKIE, SIGN_IN_CSRF_COOKIE } from './kit/dashboard-request';
import { tokensMatch } from './kit/dashboard-session.guard';
import { html } from './kit/html';
import { renderBarePage } from './kit/layout';
import { redirectTo, sendHtml } from './kit/respond';

/** Sign-in, sign-out, the mode switch and the stylesheet. */
@DashboardController()
export class SignInController {
  constructor(
    private readonly commands: CommandBus,
    private readonly sessions: SessionStore,
  ) {}

  @Get()
  @DashboardPublic()
  home(@Res() response: Response): void {
    response.redirect(303, '/dashboard/overview');
  }

  @Get('assets/dashboard.css')
  @DashboardPublic()
  @Header('content-type', 'text/css; charset=utf-8')
  stylesheet(@Res() response: Response): void {
    response.setHeader('cache-control', 'public, max-age=300');
    response.send(DASHBOARD_CSS);
  }

  @Get('sign-in')
  @DashboardPublic()
  signInPage(@Req() request: Request, @Res() response: Response): void {
    this.renderSignIn(request, response, 200);
  }

  /** Login CSRF: a double-submit token (cookie + field) on the sign-in form, besides SameSite=Strict. */
  @Post('sign-in')
  @DashboardPublic()
  @HttpCode(303)
  async signIn(@Req() request: Request, @Res() response: Response): Promise<void> {
    if (!tokensMatch(cookieValue(request, SIGN_IN_CSRF_COOKIE) ?? '-', field(request, '_csrf'))) throw csrfRefused();
    const email = field(request, 'email') ?? '';
    const password = field(request, 'password') ?? '';
    try {
      const signedIn = await this.commands.execute(new SignInCommand(email, password, request.ip ?? 'unknown', gatewayState(request).requestId));
      response.setHeader('set-cookie', [cookieHeader(request, SESSION_COOKIE, signedIn.sessionToken), cookieHeader(request, SIGN_IN_CSRF_COOKIE, '', 0)]);
      response.redirect(303, '/dashboard/overview');
    } catch (error) {
      if (error instanceof DomainError && (error.code === 'DASHBOARD_INVALID_CREDENTIALS_ERROR' || error.code === 'DASHBOARD_SIGN_IN_THROTTLED_ERROR')) {
        this.renderSignIn(request, response, error.code === 'DASHBOARD_SIGN_IN_THROTTLED_ERROR' ? 429 : 401, error.message, email);
        return;
      }
      throw error;
    }
  }

  @Post('sign-out')
  async signOut(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session, token } = dashboardState(request);
    await this.commands.execute(new SignOutCommand(session.businessId, session.userId, token, dashboardContext(request, session)));
    response.setHeader('set-cookie', cookieHeader(request, SESSION_COOKIE, '', 0));
    response.redirect(303, '/dashboard/sign-in');
  }

  /** Test or live: the session's mode decides what every page reads and changes. */
  @Post('mode')
  async switchMode(@Req() request: Request, @Res() response: Response): Promise<void> {
    const mode = field(request, 'mode');
    if (mode !== 'test' && mode !== 'live') throw new DomainError('API_VALIDATION_ERROR', 'mode must be test or live');
    await this.sessions.setMode(dashboardState(request).token, mode);
    redirectTo(response, '/dashboard/overview', mode === 'live' ? 'mode-live' : 'mode-test');
  }

  private renderSignIn(request: Request, response: Response, status: number, error?: string, email = ''): void {
    const csrf = randomToken();
    response.setHeader('set-cookie', cookieHeader(request, SIGN_IN_CSRF_COOKIE, csrf, 3600));
    sendHtml(
      response,
      renderBarePage(
        'Sign in to the dashboard',
        html`${error ? html`<p class="error" role="alert">${error}</p>` : ''}
  <form method="post" action="/dashboard/sign-in" class="card">
    <input type="hidden" name="_csrf" value="${csrf}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required value="${email}">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <p><button type="submit">Sign in</button></p>
  </form>`,
      ),
      status,
    );
  }
}
