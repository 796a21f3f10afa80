import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { gatewayState } from '../caller';
import {
  describeRequirement,
  type PermissionRequirement,
  ROUTE_NO_AUTH,
  ROUTE_PERMISSIONS,
  ROUTE_PUBLIC_KEY_ALLOWED,
  satisfiesRequirement,
} from '../route-metadata';
import { ApiKeyResolver, SubAccountDirectory } from './account-ports';
import { invalidApiKey, requestForbidden } from './auth-errors';
import { apiKeyFromAuthorization } from './basic-credentials';

/**
 * Authenticates every route not marked @NoAuth(): the key decides business and mode, the
 * route's @RequirePermissions decide what it may do, and `for-user-id` switches to a
 * sub-account only for that sub-account's platform business. A route that declares no
 * permissions is refused to secret keys: access is never granted by omission.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeyResolver,
    private readonly subAccounts: SubAccountDirectory,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(ROUTE_NO_AUTH, targets)) return true;

    const request = context.switchToHttp().getRequest<Request>();
    const presented = apiKeyFromAuthorization(request.headers.authorization);
    const key = presented ? await this.keys.resolve(presented) : undefined;
    if (!key) throw invalidApiKey();

    const publicKeyAllowed = this.reflector.getAllAndOverride<boolean>(ROUTE_PUBLIC_KEY_ALLOWED, targets) ?? false;
    if (key.kind === 'public') {
      if (!publicKeyAllowed) throw requestForbidden('A public key only reaches card tokenization; use a secret key');
    } else {
      const declared = this.reflector.getAllAndOverride<PermissionRequirement[] | undefined>(
        ROUTE_PERMISSIONS,
        targets,
      );
      // A public-key route's declared permissions bind secret keys (tokenization needs money-in write);
      // one without a declaration needs none. Anywhere else, a route without a declaration is closed.
      const required = declared ?? (publicKeyAllowed ? [] : undefined);
      const missing =
        required === undefined
          ? ['(route declares none)']
          : required.filter((r) => !satisfiesRequirement(key.permissions, r)).map(describeRequirement);
      if (missing.length > 0)
        throw requestForbidden(`The API key lacks the permission this request needs: ${missing.join(', ')}`);
    }

    const state = gatewayState(request);
    const forUserId = headerValue(request.headers['for-user-id']);
    if (forUserId && forUserId !== key.businessId) {
      if (!(await this.subAccounts.isSubAccountOf(forUserId, key.businessId))) {
        throw requestForbidden('for-user-id names a business that is not a sub-account of this platform account');
      }
      state.caller = { key, businessId: forUserId, mode: key.mode, onBehalfOf: { platformBusinessId: key.businessId } };
    } else {
      state.caller = { key, businessId: key.businessId, mode: key.mode };
    }
    return true;
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  const trimmed = single?.trim();
  return trimmed ? trimmed : undefined;
}
