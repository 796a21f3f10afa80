import { IdGenerator } from '@gateway/runtime';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { resolveContentType } from '../../domain/file-content-type';
import { type FileCommand, fileDecider } from '../../domain/file.decider';
import type { FileUploaded } from '../../domain/file.events';
import type { FileView } from '../../read-models/file-view';
import { FileStorage } from '../../storage/file-storage.port';
import { FileAggregateRunner } from '../file-runner/file-aggregate-runner';
import { UploadFileCommand } from './upload-file.command';

@CommandHandler(UploadFileCommand)
export class UploadFileHandler implements ICommandHandler<UploadFileCommand, FileView> {
  constructor(
    private readonly runner: FileAggregateRunner,
    private readonly storage: FileStorage,
    private readonly ids: IdGenerator,
  ) {}

  async execute(command: UploadFileCommand): Promise<FileView> {
    const { businessId, mode, content } = command;
    const fileId = this.ids.prefixed('file-');
    const now = await this.runner.now(businessId, mode);
    const upload: FileCommand = {
      type: 'UploadFile',
      fileId,
      businessId,
      mode,
      purpose: command.purpose,
      contentType: resolveContentType(content, command.declaredType),
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      now,
    };
    // Refuse before storing anything: a rejected upload leaves no bytes behind.
    fileDecider.decide(upload, fileDecider.initialState);
    // A keyed request executed again after a crash mints the same id: its first bytes stay.
    await this.storage.put({ fileId, businessId, mode }, content);
    let decision: Awaited<ReturnType<FileAggregateRunner['run']>>;
    try {
      decision = await this.runner.run(fileId, businessId, mode, command.context, upload);
    } catch (error) {
      // Only bytes no file refers to: the upload may be committed (a failure after the append,
      // or another execution of the same keyed request that appended first).
      if (!(await this.runner.exists(fileId).catch(() => true)))
        await this.storage.erase(fileId).catch(() => undefined);
      throw error;
    }
    // As stored: a re-execution answers with the file its first execution created.
    const uploaded = decision.events.find((event): event is FileUploaded => event.type === 'FileUploaded');
    if (!uploaded) throw new Error(`File ${fileId} was not created`);
    return {
      fileId,
      businessId,
      purpose: uploaded.data.purpose,
      contentType: uploaded.data.contentType,
      size: uploaded.data.sizeBytes,
      createdAt: uploaded.data.uploadedAt,
      updatedAt: uploaded.data.uploadedAt,
    };
  }
}
