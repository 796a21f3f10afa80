import type { Mode } from '@gateway/clock';
import type { ApiKeyPrincipal } from '../caller';

/**
 * Ports the edge needs from the accounts context (which implements them): the edge must not
 * depend on a context, and a context must not depend on the edge's internals.
 */
export abstract class ApiKeyResolver {
  /** The active key matching what the client presented, or undefined (unknown or revoked). */
  abstract resolve(presentedKey: string): Promise<ApiKeyPrincipal | undefined>;
}

export abstract class SubAccountDirectory {
  /** True when `subAccountId` is a sub-account of `platformBusinessId` (which has the platform feature). */
  abstract isSubAccountOf(subAccountId: string, platformBusinessId: string): Promise<boolean>;
}

export abstract class AccountApiVersions {
  /** The version the business chose for `resource` in `mode` (the dashboard's "account version"), if any. */
  abstract defaultVersion(businessId: string, mode: Mode, resource: string): Promise<string | undefined>;
}
