import type { Mode } from '@gateway/clock';
import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { FilePurpose } from '../../domain/file.events';
import type { FileView } from '../../read-models/file-view';

export class UploadFileCommand extends Command<FileView> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly purpose: FilePurpose,
    readonly content: Buffer,
    /** The part's Content-Type as the client declared it; the content decides (file-content-type.ts). */
    readonly declaredType: string | undefined,
    readonly context: RequestContext,
  ) {
    super();
  }
}
