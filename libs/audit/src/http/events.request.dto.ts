import { IsIsoDateTime, RequestExample } from '@gateway/http-edge';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

export const DEFAULT_EVENTS_PAGE = 100;
export const MAX_EVENTS_PAGE = 1000;

const RESOURCE_NAME = /^[a-z][a-z_]{0,39}$/;

/** GET /events: one of (resource + id), correlation_id, or neither (the business, over from/to). */
@RequestExample({ resource: 'invoice', id: '6650c4e1a7f3b2c9d8e1f0a1', limit: 100 })
export class ListEventsRequestDto {
  @IsOptional()
  @IsString()
  @Matches(RESOURCE_NAME, { message: 'resource must be a resource name such as disbursement' })
  resource?: string;
  @IsOptional() @IsString() @MaxLength(255) id?: string;
  @IsOptional() @IsString() @MaxLength(255) correlation_id?: string;
  @IsOptional() @IsIsoDateTime() from?: string;
  @IsOptional() @IsIsoDateTime() to?: string;
  @IsOptional() @IsString() @MaxLength(64) cursor?: string;
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d{1,5}$/.test(value) ? Number(value) : value,
  )
  @IsInt()
  @Min(1)
  @Max(MAX_EVENTS_PAGE)
  limit?: number;
}

/** GET /events/state: the resource as of a revision (an integer) or a time (ISO 8601). */
@RequestExample({ resource: 'invoice', id: '6650c4e1a7f3b2c9d8e1f0a1', as_of: '2024-05-01T12:00:00Z' })
export class StateAsOfRequestDto {
  @IsString()
  @Matches(RESOURCE_NAME, { message: 'resource must be a resource name such as disbursement' })
  resource!: string;
  @IsString() @MaxLength(255) id!: string;
  @IsString()
  @Matches(/^(\d{1,18}|\d{4}-\d{2}-\d{2}T[0-9:.]+(Z|[+-]\d{2}:\d{2}))$/, {
    message: 'as_of must be a revision (0, 1, ...) or an ISO 8601 time',
  })
  as_of!: string;
}
