import type { Request, Response } from 'express';
import { randomToken } from '../../read-models/session-store';
import { csrfRefused } from './dashboard-errors';
import { cookieHeader, cookieValue, field, SIGN_IN_CSRF_COOKIE } from './dashboard-request';
import { tokensMatch } from './dashboard-session.guard';

/**
 * Forms outside a session (sign-in, its code step, password reset): a double-submit CSRF token,
 * the same value in a cookie and in the form, against login CSRF (SameSite=Strict is the second layer).
 */
export function publicFormToken(request: Request, response: Response, extraCookies: string[] = []): string {
  const token = randomToken();
  response.setHeader('set-cookie', [cookieHeader(request, SIGN_IN_CSRF_COOKIE, token, 3600), ...extraCookies]);
  return token;
}

export function checkPublicForm(request: Request): void {
  if (!tokensMatch(cookieValue(request, SIGN_IN_CSRF_COOKIE) ?? '-', field(request, '_csrf'))) throw csrfRefused();
}
