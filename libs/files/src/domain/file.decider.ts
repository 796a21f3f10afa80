import { assertNever, type Decider } from '@gateway/domain';
import type { FileContentType } from './file-content-type';
import { FileErrors, MAX_FILE_BYTES } from './file.errors';
import type { FileEvent, FilePurpose, Mode } from './file.events';

export type FileCommand =
  | {
      type: 'UploadFile';
      fileId: string;
      businessId: string;
      mode: Mode;
      purpose: FilePurpose;
      /** From the content's magic bytes (file-content-type.ts); undefined when not accepted. */
      contentType: FileContentType | undefined;
      size: number;
      sha256: string;
      now: Date;
    }
  | { type: 'DeleteFile'; fileId: string; businessId: string; mode: Mode; now: Date };

export type FileState =
  { status: 'none' } | { status: 'stored' | 'deleted'; fileId: string; businessId: string; mode: Mode };

/** An uploaded file's life: stored once, deleted once. Time and ids arrive on the command. */
export const fileDecider: Decider<FileCommand, FileState, FileEvent> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'UploadFile': {
        if (state.status !== 'none') throw FileErrors.alreadyExists(command.fileId);
        if (command.size > MAX_FILE_BYTES) throw FileErrors.tooLarge();
        if (command.size === 0) throw FileErrors.empty();
        if (!command.contentType) throw FileErrors.unsupportedType();
        const { fileId, businessId, mode, purpose, contentType, size, sha256 } = command;
        const uploadedAt = command.now.toISOString();
        const data = { fileId, businessId, mode, purpose, contentType, sizeBytes: size, sha256, uploadedAt };
        return [{ type: 'FileUploaded', data }];
      }
      case 'DeleteFile': {
        // A deleted file, or one of another business or mode, does not exist for the caller.
        if (state.status !== 'stored' || state.businessId !== command.businessId || state.mode !== command.mode) {
          throw FileErrors.notFound(command.fileId);
        }
        return [{ type: 'FileDeleted', data: { fileId: command.fileId, deletedAt: command.now.toISOString() } }];
      }
      default:
        return assertNever(command, 'file command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'FileUploaded': {
        const { fileId, businessId, mode } = event.data;
        return { status: 'stored', fileId, businessId, mode };
      }
      case 'FileDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
      default:
        return assertNever(event, 'file event');
    }
  },
};
