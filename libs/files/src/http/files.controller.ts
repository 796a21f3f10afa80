import {
  ApiDoc,
  ApiError,
  ApiTag,
  type Caller,
  CurrentCaller,
  IdempotencyAfterBodyParsing,
  RateLimit,
  requestContextOf,
  RequirePermissions,
  schema,
} from '@gateway/http-edge';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Req,
  Res,
  StreamableFile,
  UseInterceptors,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { DeleteFileCommand } from '../application/delete-file/delete-file.command';
import { GetFileQuery } from '../application/get-file/get-file.query';
import { OpenFileContentQuery } from '../application/open-file-content/open-file-content.query';
import { UploadFileCommand } from '../application/upload-file/upload-file.command';
import { FileErrors } from '../domain/file.errors';
import { downloadName, FILE_SCHEMA, fileToWire } from './file.response';
import { FileUploadInterceptor } from './file-upload.interceptor';
import { UploadFileRequestDto } from './upload-file.request.dto';

/**
 * The spec's file-transfer rate limit (its value is "not shown"): uploads and downloads each get
 * this many per minute per account and mode (docs/decisions.md, "Files").
 */
export const FILE_TRANSFER_PER_MINUTE = 60;

/** What multer leaves on the request for the `file` part. */
interface UploadedPart {
  buffer: Buffer;
  mimetype: string;
  size: number;
}

@ApiTag('Files', 'Uploaded files (KYC documents, chargeback evidence): PNG, JPEG or PDF up to 2 MB.')
@Controller('files')
export class FilesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @ApiDoc({
    summary: 'Upload a file',
    description:
      'A multipart/form-data body with one file (PNG, JPEG or PDF, ' +
      'at most 2,000,000 bytes) under `file` and its `purpose`. Uploads and downloads are limited to 60 a minute per ' +
      'account and mode.',
    operationId: 'uploadFile',
    multipartFile: 'file',
    response: FILE_SCHEMA,
    errors: ['FILE_TOO_LARGE_EXCEEDED_ERROR', 'UNSUPPORTED_CONTENT_TYPE_ERROR'],
  })
  @HttpCode(200)
  @RequirePermissions('files:write')
  @RateLimit({ perMinute: FILE_TRANSFER_PER_MINUTE })
  @UseInterceptors(FileUploadInterceptor)
  // The file's bytes are part of the idempotency fingerprint: parsed first (issue 19, item 16).
  @IdempotencyAfterBodyParsing()
  async upload(@CurrentCaller() caller: Caller, @Body() body: UploadFileRequestDto, @Req() request: Request) {
    const part = (request as Request & { file?: UploadedPart }).file;
    if (!part) {
      throw ApiError.validation('file is required: send it as the "file" field of a multipart/form-data body', [
        { field: ['file'], location: 'body', messages: ['file is required'], types: ['isDefined'] },
      ]);
    }
    const file = await this.commands.execute(
      new UploadFileCommand(
        caller.businessId,
        caller.mode,
        body.purpose,
        part.buffer,
        part.mimetype,
        requestContextOf(request, caller),
      ),
    );
    return fileToWire(file, request);
  }

  @Get(':id')
  @ApiDoc({ summary: 'Get a file', operationId: 'getFile', response: FILE_SCHEMA, errors: ['DATA_NOT_FOUND'] })
  @RequirePermissions('files:read')
  async get(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() request: Request) {
    const file = await this.queries.execute(new GetFileQuery(id, caller.businessId, caller.mode));
    if (!file) throw FileErrors.notFound(id);
    return fileToWire(file, request);
  }

  @Get(':id/download')
  @ApiDoc({
    summary: 'Download a file',
    description: "The file's bytes, with its content type, as an attachment.",
    operationId: 'downloadFile',
    response: {
      contentType: 'application/octet-stream',
      description: 'The file (its own content type: image/png, image/jpeg or application/pdf)',
    },
    errors: ['DATA_NOT_FOUND'],
  })
  @RequirePermissions('files:read')
  @RateLimit({ perMinute: FILE_TRANSFER_PER_MINUTE })
  async download(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Res({ passthrough: true }) response: Response,
  ) {
    const opened = await this.queries.execute(new OpenFileContentQuery(id, caller.businessId, caller.mode));
    if (!opened) throw FileErrors.notFound(id);
    // Uploaded content is the merchant's: never let a browser guess another type for it.
    response.setHeader('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(opened.content, {
      type: opened.file.contentType,
      length: opened.file.size,
      disposition: `attachment; filename="${downloadName(opened.file)}"`,
    });
  }

  @Delete(':id')
  @ApiDoc({
    summary: 'Delete a file',
    description: 'Deletes the file: it can no longer be read or downloaded.',
    operationId: 'deleteFile',
    response: schema.object({ id: schema.string(), business_id: schema.string(), is_deleted: schema.boolean() }),
    errors: ['DATA_NOT_FOUND'],
  })
  @RequirePermissions('files:write')
  async delete(@CurrentCaller() caller: Caller, @Param('id') id: string, @Req() request: Request) {
    const deleted = await this.commands.execute(
      new DeleteFileCommand(id, caller.businessId, caller.mode, requestContextOf(request, caller)),
    );
    return { id: deleted.fileId, business_id: deleted.businessId, is_deleted: true };
  }
}
