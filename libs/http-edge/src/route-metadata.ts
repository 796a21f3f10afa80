import { SetMetadata } from '@nestjs/common';
import type { Permission } from './permissions';

export const ROUTE_PERMISSIONS = 'gateway:route-permissions';
export const ROUTE_PUBLIC_KEY_ALLOWED = 'gateway:route-public-key-allowed';
export const ROUTE_NO_AUTH = 'gateway:route-no-auth';

/**
 * What a route needs of a key: one permission, or a group of which any one will do (a spec
 * permission and the finer one that also grants the route, e.g. money-out read or `balance:read`
 * for `GET /balance`, issue 19 item 12).
 */
export type PermissionRequirement = Permission | readonly Permission[];

/** The key must satisfy every listed requirement, else 403 REQUEST_FORBIDDEN_ERROR. */
export const RequirePermissions = (...requirements: PermissionRequirement[]) =>
  SetMetadata(ROUTE_PERMISSIONS, requirements);

/** Whether a key's permissions satisfy one requirement. */
export function satisfiesRequirement(granted: readonly Permission[], requirement: PermissionRequirement): boolean {
  return typeof requirement === 'string'
    ? granted.includes(requirement)
    : requirement.some((permission) => granted.includes(permission));
}

/** A requirement as a refusal names it: `money_out:read or balance:read`. */
export function describeRequirement(requirement: PermissionRequirement): string {
  return typeof requirement === 'string' ? requirement : requirement.join(' or ');
}

/** The card tokenization routes accept a public key; every other route refuses one. */
export const AllowPublicKey = () => SetMetadata(ROUTE_PUBLIC_KEY_ALLOWED, true);

/** Health, readiness, metrics, docs and payer-facing pages need no API key. */
export const NoAuth = () => SetMetadata(ROUTE_NO_AUTH, true);
