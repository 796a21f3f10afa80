import { AppConfig } from '@gateway/config';
import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { DashboardErrors } from '../../domain/dashboard-team.errors';
import { type Capability, roleCan } from '../../domain/roles';
import { TeamRunner } from '../../application/team-runner';
import { SessionStore } from '../../read-models/session-store';
import {
  DASHBOARD_CAPABILITY,
  DASHBOARD_CSRF_AFTER_UPLOAD,
  DASHBOARD_DURING_SETUP,
  DASHBOARD_PUBLIC,
} from './dashboard-metadata';
import { setDashboardHeaders } from './security-headers';
import { AccountSetupRequired, csrfRefused, SignInRequired } from './dashboard-errors';
import { cookieValue, type DashboardRequest, field, SESSION_COOKIE } from './dashboard-request';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function tokensMatch(expected: string, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The dashboard's only door: a live server-side session (cookie), the CSRF token on every
 * unsafe request, and the role's capability for the route.
 */
@Injectable()
export class DashboardSessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionStore,
    private readonly runner: TeamRunner,
    private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<DashboardRequest & Request>();
    setDashboardHeaders(context.switchToHttp().getResponse<Response>());
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(DASHBOARD_PUBLIC, targets)) return true;

    const token = cookieValue(request, SESSION_COOKIE);
    const session = token
      ? await this.sessions.touch(token, await this.runner.now(), this.config.DASHBOARD_SESSION_IDLE_MINUTES * 60_000)
      : undefined;
    if (!token || !session) throw new SignInRequired();
    const upload =
      this.reflector.getAllAndOverride<boolean>(DASHBOARD_CSRF_AFTER_UPLOAD, targets) === true &&
      typeof request.is('multipart/form-data') === 'string';
    if (UNSAFE_METHODS.has(request.method) && !upload && !tokensMatch(session.csrfToken, field(request, '_csrf')))
      throw csrfRefused();
    // A one-time password to replace, or two-step sign-in the team requires: that first.
    if (session.setupNeeded && !this.reflector.getAllAndOverride<boolean>(DASHBOARD_DURING_SETUP, targets))
      throw new AccountSetupRequired();
    const capability = this.reflector.getAllAndOverride<Capability | undefined>(DASHBOARD_CAPABILITY, targets);
    if (capability && !roleCan(session.role, capability))
      throw DashboardErrors.forbidden(`Your role (${session.role}) does not allow this`);
    request.dashboard = { session, token };
    return true;
  }
}

/** The CSRF check of an upload route, once its interceptor parsed the multipart fields. */
export function requireCsrf(request: Request, csrfToken: string): void {
  if (!tokensMatch(csrfToken, field(request, '_csrf'))) throw csrfRefused();
}
