import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { FILE_COLUMNS, FILE_ID, type FileRow, type FileView, toFileView } from '../../read-models/file-view';
import { GetFileQuery } from './get-file.query';

@QueryHandler(GetFileQuery)
export class GetFileHandler implements IQueryHandler<GetFileQuery, FileView | undefined> {
  constructor(private readonly pool: Pool) {}

  async execute(query: GetFileQuery): Promise<FileView | undefined> {
    if (!FILE_ID.test(query.fileId)) return undefined;
    const { rows } = await this.pool.query<FileRow>(
      `SELECT ${FILE_COLUMNS} FROM files WHERE file_id = $1 AND business_id = $2 AND mode = $3 AND deleted_at IS NULL`,
      [query.fileId, query.businessId, query.mode],
    );
    return rows[0] ? toFileView(rows[0]) : undefined;
  }
}
