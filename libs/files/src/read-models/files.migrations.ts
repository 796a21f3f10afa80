import type { MigrationSet } from '@gateway/database';

export const filesMigrations: MigrationSet = {
  component: 'files',
  migrations: [
    {
      version: 1,
      name: 'files read model and file contents',
      sql: `
        -- Read model (FilesProjection): what GET /files/{id} answers. No bytes here.
        CREATE TABLE files (
          file_id      text        PRIMARY KEY,
          business_id  text        NOT NULL,
          mode         text        NOT NULL CHECK (mode IN ('test', 'live')),
          purpose      text        NOT NULL,
          content_type text        NOT NULL,
          size         integer     NOT NULL,
          sha256       text        NOT NULL,
          created_at   timestamptz NOT NULL,
          updated_at   timestamptz NOT NULL,
          deleted_at   timestamptz
        );
        CREATE INDEX files_business ON files (business_id, mode);

        -- Storage (PostgresFileStorage), NOT a projection: the bytes are not in any event.
        CREATE TABLE file_contents (
          file_id     text        PRIMARY KEY,
          business_id text        NOT NULL,
          mode        text        NOT NULL CHECK (mode IN ('test', 'live')),
          content     bytea       NOT NULL,
          stored_at   timestamptz NOT NULL DEFAULT now()
        );
        ALTER TABLE file_contents ALTER COLUMN content SET STORAGE EXTERNAL;`,
    },
  ],
};
