import { DomainError, invalidRequest } from '@gateway/domain';
import { gatewayState } from '@gateway/http-edge';
import { Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { SignInCommand } from '../application/sign-in/sign-in.command';
import { SignOutCommand } from '../application/sign-out/sign-out.command';
import { CompleteSignInCommand } from '../application/account/account.commands';
import { SIGN_IN_CHALLENGE_MS } from '../read-models/account-security.store';
import { checkPublicForm, formAlert, publicCsrfField, publicFormToken } from './kit/public-form';
import { SessionStore } from '../read-models/session-store';
import { DASHBOARD_CSS } from './kit/dashboard.css';
import { DASHBOARD_JS } from './kit/dashboard-script';
import { FINANCE_CHARTS_JS } from './pages/finance/finance-charts.script';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

import { AllowedDuringSetup, DashboardController, DashboardPublic } from './kit/dashboard-controller.decorator';
import {
  cookieHeader,
  cookieValue,
  dashboardContext,
  dashboardState,
  field,
  SESSION_COOKIE,
  SIGN_IN_CSRF_COOKIE,
} from './kit/dashboard-request';
import { html } from './kit/html';
import { redirectTo, sendBarePage } from './kit/respond';

/**
 * The second step of a sign-in (HttpOnly, SameSite=Strict): a token standing for "password checked", valid five
 * minutes.
 */
const CHALLENGE_COOKIE = 'gw_dashboard_2fa';

let chartJs: string | undefined;
/**
 * Chart.js's browser build, read once from the installed package (its `exports` do not expose the UMD file, its folder
 * does).
 */
function chartLibrary(): string {
  chartJs ??= readFileSync(join(dirname(require.resolve('chart.js')), 'chart.umd.min.js'), 'utf8');
  return chartJs;
}

/** What the dashboard serves under /dashboard/assets: its content type, how long browsers keep it, its text. */
const ASSETS: Record<string, { type: string; maxAgeSeconds: number; text: () => string }> = {
  'dashboard.css': { type: 'text/css; charset=utf-8', maxAgeSeconds: 300, text: () => DASHBOARD_CSS },
  'dashboard.js': { type: 'text/javascript; charset=utf-8', maxAgeSeconds: 300, text: () => DASHBOARD_JS },
  // Chart.js, from its npm package (no CDN), for the finance page.
  'chart.umd.js': { type: 'text/javascript; charset=utf-8', maxAgeSeconds: 86_400, text: chartLibrary },
  'finance-charts.js': { type: 'text/javascript; charset=utf-8', maxAgeSeconds: 300, text: () => FINANCE_CHARTS_JS },
};

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

  /** The stylesheet and scripts (ASSETS), each at /dashboard/assets/<name>. */
  @Get(Object.keys(ASSETS).map((name) => `assets/${name}`))
  @DashboardPublic()
  asset(@Req() request: Request, @Res() response: Response): void {
    const asset = ASSETS[basename(request.path).toLowerCase()];
    response.setHeader('content-type', asset.type);
    response.setHeader('cache-control', `public, max-age=${asset.maxAgeSeconds}`);
    response.send(asset.text());
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
    checkPublicForm(request);
    const email = field(request, 'email') ?? '';
    const password = field(request, 'password') ?? '';
    try {
      const signedIn = await this.commands.execute(
        new SignInCommand(email, password, request.ip ?? 'unknown', gatewayState(request).requestId),
      );
      if (signedIn.kind === 'code') {
        this.renderCodeStep(
          request,
          response,
          200,
          undefined,
          cookieHeader(request, CHALLENGE_COOKIE, signedIn.challengeToken, SIGN_IN_CHALLENGE_MS / 1000),
        );
        return;
      }
      response.setHeader('set-cookie', [
        cookieHeader(request, SESSION_COOKIE, signedIn.sessionToken),
        cookieHeader(request, SIGN_IN_CSRF_COOKIE, '', 0),
      ]);
      response.redirect(303, '/dashboard/overview');
    } catch (error) {
      if (
        error instanceof DomainError &&
        (error.code === 'DASHBOARD_INVALID_CREDENTIALS_ERROR' || error.code === 'DASHBOARD_SIGN_IN_THROTTLED_ERROR')
      ) {
        this.renderSignIn(
          request,
          response,
          error.code === 'DASHBOARD_SIGN_IN_THROTTLED_ERROR' ? 429 : 401,
          error.message,
          email,
        );
        return;
      }
      throw error;
    }
  }

  /** The second step: the code of the user's authenticator app, for the challenge in the cookie. */
  @Post('sign-in/code')
  @DashboardPublic()
  async signInCode(@Req() request: Request, @Res() response: Response): Promise<void> {
    checkPublicForm(request);
    const challenge = cookieValue(request, CHALLENGE_COOKIE);
    if (!challenge) {
      this.renderSignIn(request, response, 401, 'The sign-in took too long: enter your email and password again.');
      return;
    }
    try {
      const signedIn = await this.commands.execute(
        new CompleteSignInCommand(challenge, field(request, 'code') ?? '', gatewayState(request).requestId),
      );
      response.setHeader('set-cookie', [
        cookieHeader(request, SESSION_COOKIE, signedIn.sessionToken),
        cookieHeader(request, SIGN_IN_CSRF_COOKIE, '', 0),
        cookieHeader(request, CHALLENGE_COOKIE, '', 0),
      ]);
      response.redirect(303, '/dashboard/overview');
    } catch (error) {
      const throttled = error instanceof DomainError && error.code === 'DASHBOARD_SIGN_IN_THROTTLED_ERROR';
      if (!(error instanceof DomainError) || (error.code !== 'DASHBOARD_INVALID_CODE_ERROR' && !throttled)) throw error;
      this.renderCodeStep(request, response, throttled ? 429 : 401, error.message);
    }
  }

  @Post('sign-out')
  @AllowedDuringSetup()
  async signOut(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session, token } = dashboardState(request);
    await this.commands.execute(
      new SignOutCommand(session.businessId, session.userId, token, dashboardContext(request, session)),
    );
    response.setHeader('set-cookie', cookieHeader(request, SESSION_COOKIE, '', 0));
    response.redirect(303, '/dashboard/sign-in');
  }

  /** Test or live: the session's mode decides what every page reads and changes. */
  @Post('mode')
  async switchMode(@Req() request: Request, @Res() response: Response): Promise<void> {
    const mode = field(request, 'mode');
    if (mode !== 'test' && mode !== 'live') throw invalidRequest('mode must be test or live');
    await this.sessions.setMode(dashboardState(request).token, mode);
    redirectTo(response, '/dashboard/overview', mode === 'live' ? 'mode-live' : 'mode-test');
  }

  private renderCodeStep(
    request: Request,
    response: Response,
    status: number,
    error?: string,
    challengeCookie?: string,
  ): void {
    const csrf = publicFormToken(request, response, challengeCookie ? [challengeCookie] : []);
    sendBarePage(
      response,
      'Two-step sign-in',
      html`${formAlert(error, 'code-error')}
  <form method="post" action="/dashboard/sign-in/code" class="card">
    ${publicCsrfField(csrf)}
    <label for="code">The 6-digit code of your authenticator app</label>
    <input id="code" name="code" type="text" autocomplete="one-time-code" autocapitalize="off" maxlength="16" required
      aria-describedby="code-hint">
    <small id="code-hint" class="muted">Lost your phone? Type one of your recovery codes (like abcde-fghij)
      instead.</small>
    <p><button type="submit">Sign in</button></p>
  </form>
  <p><a href="/dashboard/sign-in">Start again</a></p>`,
      status,
    );
  }

  private renderSignIn(request: Request, response: Response, status: number, error?: string, email = ''): void {
    const csrf = publicFormToken(request, response);
    const code = request.query.notice;
    // Own keys only: `constructor`, `__proto__` or `toString` would find Object.prototype's members.
    const notice = typeof code === 'string' && Object.hasOwn(SIGN_IN_NOTICES, code) ? SIGN_IN_NOTICES[code] : undefined;
    sendBarePage(
      response,
      'Sign in to the dashboard',
      html`${formAlert(error)}
  ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
  <form method="post" action="/dashboard/sign-in" class="card">
    ${publicCsrfField(csrf)}
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required value="${email}">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <p><button type="submit">Sign in</button></p>
  </form>
  <p><a href="/dashboard/password-reset">Forgot your password?</a></p>`,
      status,
    );
  }
}

/** Fixed texts the sign-in page may show after a redirect (a link cannot make it say anything else). */
const SIGN_IN_NOTICES: Record<string, string> = {
  'password-reset': 'Your new password is set: sign in with it.',
};
