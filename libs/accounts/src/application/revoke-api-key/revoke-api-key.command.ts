import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';

export class RevokeApiKeyCommand extends Command<{ keyId: string; revokedAt: string }> {
  constructor(
    readonly businessId: string,
    readonly keyId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}
