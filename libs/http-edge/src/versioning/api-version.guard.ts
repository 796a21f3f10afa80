import { type CanActivate, type ExecutionContext, HttpException, Injectable, Module } from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { gatewayState } from '../caller';
import { EDGE_ERROR_CODES } from '../errors/edge-error-codes';
import { AccountApiVersions } from '../auth/account-ports';
import { versionsOf } from './api-version.registry';
import { ROUTE_VERSIONED_RESOURCE } from './versioned-resource.decorator';

/**
 * Resolves the dated API version of a @VersionedResource route: the `API-Version` header (or
 * `X-API-VERSION`, the eWallet spelling; an empty header counts as absent unless the resource
 * declares an `emptyHeader` version), else the account's default for the key's mode, else the
 * resource's fallback. An unknown version is refused.
 * A guard rather than an interceptor: it runs after authentication and costs no rxjs pipeline.
 */
@Injectable()
export class ApiVersionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly accountVersions: AccountApiVersions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const resource = this.reflector.getAllAndOverride<string | undefined>(ROUTE_VERSIONED_RESOURCE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (context.getType() === 'http' && resource) {
      const request = context.switchToHttp().getRequest<Request>();
      const state = gatewayState(request);
      state.apiVersion = await this.resolve(
        resource,
        request,
        state.caller ? { businessId: state.caller.businessId, mode: state.caller.mode } : undefined,
      );
    }
    return true;
  }

  private async resolve(
    resource: string,
    request: Request,
    account: { businessId: string; mode: 'test' | 'live' } | undefined,
  ): Promise<string> {
    const declared = versionsOf(resource);
    if (!declared) throw new Error(`Route declares versioned resource ${resource}, which declares no versions`);
    const requested = firstNonEmpty(request.headers['api-version'], request.headers['x-api-version']);
    if (requested !== undefined) {
      const aliased = declared.aliases?.[requested];
      if (aliased !== undefined) return aliased;
      if (!declared.versions.includes(requested)) {
        throw new HttpException(
          {
            error_code: 'API_VERSION_NOT_SUPPORTED_ERROR',
            message:
              `API version ${requested} does not exist for ${resource}; ` + `versions: ${declared.versions.join(', ')}`,
          },
          EDGE_ERROR_CODES.statusOf('API_VERSION_NOT_SUPPORTED_ERROR'),
        );
      }
      return requested;
    }
    if (
      declared.emptyHeader !== undefined &&
      (isEmptyHeader(request.headers['api-version']) || isEmptyHeader(request.headers['x-api-version']))
    ) {
      return declared.emptyHeader;
    }
    const accountDefault = account
      ? await this.accountVersions.defaultVersion(account.businessId, account.mode, resource)
      : undefined;
    return accountDefault && declared.versions.includes(accountDefault) ? accountDefault : declared.fallback;
  }
}

function isEmptyHeader(value: string | string[] | undefined): boolean {
  return value !== undefined && (Array.isArray(value) ? (value[0] ?? '') : value).trim() === '';
}

function firstNonEmpty(...values: (string | string[] | undefined)[]): string | undefined {
  for (const value of values) {
    const single = (Array.isArray(value) ? value[0] : value)?.trim();
    if (single) return single;
  }
  return undefined;
}

/** Install after authentication (and rate limiting): the account default needs the caller. */
@Module({ providers: [{ provide: APP_GUARD, useClass: ApiVersionGuard }] })
export class ApiVersioningModule {}
