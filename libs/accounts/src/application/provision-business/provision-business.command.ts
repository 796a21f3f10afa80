import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';

export interface ModeCredentials {
  secret_key: string;
  public_key: string;
  callback_token: string;
}

/** The CLI's `businesses create --json` shape. */
export interface ProvisionedBusiness {
  business_id: string;
  name: string;
  is_platform: boolean;
  parent_business_id: string | null;
  test: ModeCredentials;
  live: ModeCredentials;
}

/**
 * Registers a business and gives each mode a secret key with EVERY permission (settings and
 * audit included: it is the owner's key), a public key and a callback token.
 */
export class ProvisionBusinessCommand extends Command<ProvisionedBusiness> {
  constructor(
    readonly name: string,
    readonly context: RequestContext,
    readonly options: { isPlatform?: boolean; parentBusinessId?: string; businessId?: string } = {},
  ) {
    super();
  }
}
