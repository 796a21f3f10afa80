import type { Mode } from '@gateway/clock';
import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';

export class DeleteFileCommand extends Command<{ fileId: string; businessId: string }> {
  constructor(
    readonly fileId: string,
    readonly businessId: string,
    readonly mode: Mode,
    readonly context: RequestContext,
  ) {
    super();
  }
}
