import { IsStorableTime, RequestExample } from '@gateway/http-edge';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { STATUS_CLASSES, type StatusClass } from '../domain/status-class';

export const DEFAULT_REQUEST_LOG_PAGE = 20;
export const REQUEST_LOG_ID = /^rlog_[0-9a-f]{32}$/;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** `GET /request_logs` filters; each narrows the page. */
@RequestExample({ status_class: '4xx', route: '/v2/invoices', created_after: '2024-05-01T00:00:00.000Z', limit: 20 })
export class ListRequestLogsRequestDto {
  @IsOptional()
  @IsIn(STATUS_CLASSES, { message: `status_class must be one of ${STATUS_CLASSES.join(', ')}` })
  status_class?: StatusClass;

  @IsOptional() @Type(() => Number) @IsInt() @Min(100) @Max(599) status?: number;

  @IsOptional()
  @IsIn(METHODS, { message: `method must be one of ${METHODS.join(', ')}` })
  method?: (typeof METHODS)[number];

  /** The route as declared, e.g. `/v2/invoices/:id` (every entry names its own). */
  @IsOptional()
  @IsString()
  @MaxLength(255)
  @Matches(/^\//, { message: 'route must be a route template starting with /, e.g. /v2/invoices/:id' })
  route?: string;

  @IsOptional()
  @Matches(/^[A-Z][A-Z0-9_]{0,63}$/, { message: 'error_code must be an error code such as API_VALIDATION_ERROR' })
  error_code?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9._:-]{1,128}$/, { message: 'request_id must be a Request-ID as responses carry it' })
  request_id?: string;

  @IsOptional() @IsStorableTime('created_after') created_after?: Date;
  @IsOptional() @IsStorableTime('created_before') created_before?: Date;

  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;

  @IsOptional()
  @Matches(REQUEST_LOG_ID, { message: 'starting_after must be a request log entry id (rlog_ and 32 hex digits)' })
  starting_after?: string;
  @IsOptional()
  @Matches(REQUEST_LOG_ID, { message: 'ending_before must be a request log entry id (rlog_ and 32 hex digits)' })
  ending_before?: string;
}
