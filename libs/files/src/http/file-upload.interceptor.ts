import { ApiError } from '@gateway/http-edge';
import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { FileErrors, MAX_FILE_BYTES } from '../domain/file.errors';

/** Limits of the multipart body: one file under `file`, a few short fields (`purpose`). */
const MultipartFile = FileInterceptor('file', {
  limits: {
    fileSize: MAX_FILE_BYTES,
    files: 1,
    fields: 5,
    fieldSize: 1024,
    fieldNameSize: 100,
    parts: 8,
    headerPairs: 50,
  },
});

/**
 * Parses the `file` part with Nest's multer interceptor (in memory: at most 2,000,000 bytes), and
 * answers every way a multipart body can be wrong with the spec's errors instead of Nest's: a file
 * over the limit is 413 FILE_TOO_LARGE_EXCEEDED_ERROR; a malformed body, a file under another
 * field name, too many parts and the like are 400 API_VALIDATION_ERROR. Runs after authentication
 * and the rate limit (guards), so no one spends the server's memory without a valid key.
 */
@Injectable()
export class FileUploadInterceptor implements NestInterceptor {
  private readonly multipart = new MultipartFile();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multipart.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) {
        throw new ApiError('FILE_TOO_LARGE_EXCEEDED_ERROR', 413, FileErrors.tooLarge().message);
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw ApiError.validation(`The multipart body could not be read: ${reason}`, [
        {
          field: ['file'],
          location: 'body',
          messages: [`send one file in the "file" field of a multipart/form-data body (${reason})`],
          types: ['multipart'],
        },
      ]);
    }
  }
}
