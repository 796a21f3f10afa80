import type { Permission } from '@gateway/domain';
import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { KeyKind, Mode } from '../../domain/business.events';

export interface CreatedApiKey {
  keyId: string;
  /** The key itself: shown this once. */
  key: string;
  businessId: string;
  mode: Mode;
  kind: KeyKind;
  name: string;
  permissions: Permission[];
}

export class CreateApiKeyCommand extends Command<CreatedApiKey> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly kind: KeyKind,
    readonly name: string,
    /** Undefined: the default set for secret keys (no settings:write, no audit:read); none for public keys. */
    readonly permissions: Permission[] | undefined,
    readonly context: RequestContext,
  ) {
    super();
  }
}
