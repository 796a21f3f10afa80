import type { Mode } from '@gateway/clock';
import { Query } from '@nestjs/cqrs';
import type { Readable } from 'node:stream';
import type { FileView } from '../../read-models/file-view';

export interface OpenedFile {
  file: FileView;
  content: Readable;
}

/** The content of a stored file of this business and mode, as a stream; undefined when there is none. */
export class OpenFileContentQuery extends Query<OpenedFile | undefined> {
  constructor(
    readonly fileId: string,
    readonly businessId: string,
    readonly mode: Mode,
  ) {
    super();
  }
}
