import type { Mode } from '@gateway/clock';
import { Query } from '@nestjs/cqrs';
import type { FileView } from '../../read-models/file-view';

/** A stored file of this business and mode; undefined when unknown, deleted or someone else's. */
export class GetFileQuery extends Query<FileView | undefined> {
  constructor(
    readonly fileId: string,
    readonly businessId: string,
    readonly mode: Mode,
  ) {
    super();
  }
}
