import { FilesAuditedResources } from './application/files-audited-resources';

import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DeleteFileHandler } from './application/delete-file/delete-file.handler';
import { FileAggregateRunner } from './application/file-runner/file-aggregate-runner';
import { FindExistingFilesHandler } from './application/find-existing-files/find-existing-files.handler';
import { GetFileHandler } from './application/get-file/get-file.handler';
import { OpenFileContentHandler } from './application/open-file-content/open-file-content.handler';
import { UploadFileHandler } from './application/upload-file/upload-file.handler';
import { FilesController } from './http/files.controller';
import { FilesProjection } from './read-models/files.projection';
import { FileStorage } from './storage/file-storage.port';
import { PostgresFileStorage } from './storage/postgres-file-storage';
import { providersByRole } from '@gateway/runtime';

/** Its providers, grouped by role (each role's group is documented on ProvidersByRole). */
const providers = providersByRole({
  commandHandlers: [UploadFileHandler, DeleteFileHandler],
  queryHandlers: [GetFileHandler, OpenFileContentHandler, FindExistingFilesHandler],
  projections: [FilesProjection],
  auditedResources: [FilesAuditedResources],
  services: [FileAggregateRunner, { provide: FileStorage, useClass: PostgresFileStorage }],
});

/** Uploaded files (KYC documents, chargeback evidence): metadata as events, bytes behind FileStorage. */
@Module({
  imports: [CqrsModule],
  controllers: [FilesController],
  providers,
})
export class FilesModule {}
