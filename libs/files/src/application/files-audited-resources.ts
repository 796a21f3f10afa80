import { AuditsResources, type AuditedResource, type AuditedResourceSource } from '@gateway/audit';
import { Injectable } from '@nestjs/common';
import { fileDecider } from '../domain/file.decider';
import { fileStream } from '../domain/file.events';

/** Auditors read files' metadata history (never the bytes: they are not in events). */
@Injectable()
@AuditsResources()
export class FilesAuditedResources implements AuditedResourceSource {
  readonly auditedResources: readonly AuditedResource[] = [
    { resource: 'file', category: 'file', streamOf: fileStream, decider: fileDecider },
  ];
}
