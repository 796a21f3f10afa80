import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { FILE_ID } from '../../read-models/file-view';
import { FindExistingFilesQuery } from './find-existing-files.query';

@QueryHandler(FindExistingFilesQuery)
export class FindExistingFilesHandler implements IQueryHandler<FindExistingFilesQuery, Set<string>> {
  constructor(private readonly pool: Pool) {}

  async execute(query: FindExistingFilesQuery): Promise<Set<string>> {
    const wanted = [...new Set(query.fileIds)].filter((id) => FILE_ID.test(id));
    if (wanted.length === 0) return new Set();
    const { rows } = await this.pool.query<{ file_id: string }>(
      'SELECT file_id FROM files WHERE file_id = ANY($1::text[]) AND business_id = $2 AND mode = $3 AND deleted_at ' +
        'IS NULL',
      [wanted, query.businessId, query.mode],
    );
    return new Set(rows.map((row) => row.file_id));
  }
}
