export { FilesModule } from './files.module';
export { filesMigrations } from './read-models/files.migrations';
export { FILES_PROJECTION } from './read-models/files.projection';
export { FindExistingFilesQuery } from './application/find-existing-files/find-existing-files.query';
export { FILE_ERROR_CODES, MAX_FILE_BYTES } from './domain/file.errors';
export { FILE_EVENT_SCHEMAS } from './domain/file.events';
