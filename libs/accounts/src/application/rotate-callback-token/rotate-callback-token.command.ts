import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { Mode } from '../../domain/business.events';

/** Issues a new callback token for one mode; the previous one stops being sent at once. */
export class RotateCallbackTokenCommand extends Command<{ callbackToken: string }> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly context: RequestContext,
  ) {
    super();
  }
}
