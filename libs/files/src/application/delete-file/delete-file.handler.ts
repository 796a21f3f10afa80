import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { FileErrors } from '../../domain/file.errors';
import { FILE_ID } from '../../read-models/file-view';
import { FileStorage } from '../../storage/file-storage.port';
import { FileAggregateRunner } from '../file-runner/file-aggregate-runner';
import { DeleteFileCommand } from './delete-file.command';

@CommandHandler(DeleteFileCommand)
export class DeleteFileHandler implements ICommandHandler<DeleteFileCommand, { fileId: string; businessId: string }> {
  constructor(
    private readonly runner: FileAggregateRunner,
    private readonly storage: FileStorage,
  ) {}

  async execute(command: DeleteFileCommand): Promise<{ fileId: string; businessId: string }> {
    const { fileId, businessId, mode } = command;
    if (!FILE_ID.test(fileId)) throw FileErrors.notFound(fileId);
    const now = await this.runner.now(businessId, mode);
    await this.runner.run(fileId, businessId, mode, command.context, {
      type: 'DeleteFile',
      fileId,
      businessId,
      mode,
      now,
    });
    // The content goes now; the files projection erases it again should this process die first.
    await this.storage.erase(fileId);
    return { fileId, businessId };
  }
}
