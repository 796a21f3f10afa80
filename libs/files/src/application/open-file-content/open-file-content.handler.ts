import { type IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { FileStorage } from '../../storage/file-storage.port';
import { GetFileQuery } from '../get-file/get-file.query';
import { type OpenedFile, OpenFileContentQuery } from './open-file-content.query';

@QueryHandler(OpenFileContentQuery)
export class OpenFileContentHandler implements IQueryHandler<OpenFileContentQuery, OpenedFile | undefined> {
  constructor(
    private readonly queries: QueryBus,
    private readonly storage: FileStorage,
  ) {}

  async execute(query: OpenFileContentQuery): Promise<OpenedFile | undefined> {
    const file = await this.queries.execute(new GetFileQuery(query.fileId, query.businessId, query.mode));
    if (!file) return undefined;
    const content = await this.storage.open(file.fileId);
    return content ? { file, content } : undefined;
  }
}
