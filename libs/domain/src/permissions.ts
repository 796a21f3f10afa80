/**
 * What an API key may do, per product area (spec: Authentication item 4). Secret keys carry a
 * subset; `settings:write` (the dashboard's settings API) and `audit:read` are not given to new
 * keys unless asked for.
 */
export const PERMISSIONS = [
  'money_in:read',
  'money_in:write',
  'money_out:read',
  'money_out:write',
  'customers:read',
  'customers:write',
  'files:read',
  'files:write',
  'reports:read',
  'reports:write',
  'balance:read',
  'payment_channels:read',
  'settings:read',
  'settings:write',
  'audit:read',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** What a newly created secret key carries when the creator names no permissions. */
export const DEFAULT_SECRET_KEY_PERMISSIONS: readonly Permission[] = PERMISSIONS.filter(
  (permission) => permission !== 'settings:write' && permission !== 'audit:read',
);

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}
