import { gatewayState } from '@gateway/http-edge';
import { type RequestContext } from '@gateway/runtime';
import type { Request } from 'express';
import type { DashboardSession } from '../../read-models/session-store';

export const SESSION_COOKIE = 'gw_dashboard';
export const SIGN_IN_CSRF_COOKIE = 'gw_dashboard_signin';

export interface DashboardRequestState {
  session: DashboardSession;
  token: string;
}

export type DashboardRequest = Request & { dashboard?: DashboardRequestState };

export function dashboardState(request: Request): DashboardRequestState {
  const state = (request as DashboardRequest).dashboard;
  if (!state) throw new Error('Dashboard route reached without the session guard');
  return state;
}

/** Every event a dashboard change appends names the user: actor `dashboard:<userId>`. */
export function dashboardContext(request: Request, session: DashboardSession): RequestContext {
  return {
    requestId: gatewayState(request).requestId,
    actor: `dashboard:${session.userId}`,
    businessId: session.businessId,
    mode: session.mode,
  };
}

export function cookieValue(request: Request, name: string): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return /^[A-Za-z0-9_-]{1,128}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** HttpOnly, SameSite=Strict, Path=/dashboard, Secure whenever the request came over TLS. */
export function cookieHeader(request: Request, name: string, value: string, maxAgeSeconds?: number): string {
  const parts = [`${name}=${value}`, 'Path=/dashboard', 'HttpOnly', 'SameSite=Strict'];
  if (request.secure) parts.push('Secure');
  if (maxAgeSeconds !== undefined) parts.push(`Max-Age=${maxAgeSeconds}`);
  return parts.join('; ');
}

/** A form field as a string (forms send strings; anything else, e.g. JSON, counts as missing). */
export function field(request: Request, name: string): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
}

export function queryField(request: Request, name: string): string | undefined {
  const value = request.query[name];
  return typeof value === 'string' && value.length <= 500 ? value : undefined;
}
