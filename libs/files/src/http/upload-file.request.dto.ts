import { RequestExample } from '@gateway/http-edge';
import { IsIn } from 'class-validator';
import { FILE_PURPOSES, type FilePurpose } from '../domain/file.events';

/** The form fields of POST /files; the `file` part itself is read by FileUploadInterceptor. */
@RequestExample({ purpose: 'KYC_DOCUMENT' })
export class UploadFileRequestDto {
  @IsIn(FILE_PURPOSES, { message: `purpose must be one of ${FILE_PURPOSES.join(', ')}` })
  purpose!: FilePurpose;
}
