import { SetMetadata } from '@nestjs/common';
import type { Permission } from './permissions';

export const ROUTE_PERMISSIONS = 'gateway:route-permissions';
export const ROUTE_PUBLIC_KEY_ALLOWED = 'gateway:route-public-key-allowed';
export const ROUTE_NO_AUTH = 'gateway:route-no-auth';

/** The key must carry every listed permission, else 403 REQUEST_FORBIDDEN_ERROR. */
export const RequirePermissions = (...permissions: Permission[]) => SetMetadata(ROUTE_PERMISSIONS, permissions);

/** The card tokenization routes accept a public key; every other route refuses one. */
export const AllowPublicKey = () => SetMetadata(ROUTE_PUBLIC_KEY_ALLOWED, true);

/** Health, readiness, metrics, docs and payer-facing pages need no API key. */
export const NoAuth = () => SetMetadata(ROUTE_NO_AUTH, true);
