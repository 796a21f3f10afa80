import type { Request, Response } from 'express';
import { randomToken } from '../../read-models/session-store';
import { csrfRefused } from './dashboard-errors';
import { cookieHeader, cookieValue, field, SIGN_IN_CSRF_COOKIE } from './dashboard-request';
import { tokensMatch } from './dashboard-session.guard';
import { html, type SafeHtml } from './html';

/**
 * Forms outside a session (sign-in, its code step, password reset): a double-submit CSRF token,
 * the same value in a cookie and in the form, against login CSRF (SameSite=Strict is the second layer).
 */
export function publicFormToken(request: Request, response: Response, extraCookies: string[] = []): string {
  const token = randomToken();
  response.setHeader('set-cookie', [cookieHeader(request, SIGN_IN_CSRF_COOKIE, token, 3600), ...extraCookies]);
  return token;
}

/** The form's copy of the token (publicFormToken). */
export function publicCsrfField(token: string): SafeHtml {
  return html`<input type="hidden" name="_csrf" value="${token}">`;
}

/** Why the form was refused, above it (announced at once); `id` lets a page's tests and script find it. */
export function formAlert(error: string | undefined, id?: string): SafeHtml | '' {
  if (!error) return '';
  if (!id) return html`<p class="error" role="alert">${error}</p>`;
  return html`<p class="error" role="alert" id="${id}">${error}</p>`;
}

export function checkPublicForm(request: Request): void {
  if (!tokensMatch(cookieValue(request, SIGN_IN_CSRF_COOKIE) ?? '-', field(request, '_csrf'))) throw csrfRefused();
}
