import { IsStorableTime, RequestExample } from '@gateway/http-edge';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { REPORT_FORMATS, REPORT_TYPES, type ReportFormat, type ReportType } from '../domain/report.events';

export class ReportFilterDto {
  @IsOptional() @IsStorableTime('filter.from') from?: Date;
  @IsOptional() @IsStorableTime('filter.to') to?: Date;
}

@RequestExample({
  type: 'BALANCE_HISTORY',
  filter: { from: '2024-05-01T00:00:00.000Z', to: '2024-06-01T00:00:00.000Z' },
  format: 'CSV',
  currency: 'IDR',
})
export class GenerateReportRequestDto {
  @IsIn(REPORT_TYPES, { message: `type must be one of ${REPORT_TYPES.join(', ')}` }) type!: ReportType;
  @IsOptional() @ValidateNested() @Type(() => ReportFilterDto) filter?: ReportFilterDto;
  @IsOptional() @IsIn(REPORT_FORMATS, { message: 'format must be CSV' }) format?: ReportFormat;
  @IsOptional()
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code, e.g. IDR' })
  currency?: string;
}

@RequestExample({ id: 'report_0b6c1f7e-3a52-4b8e-9d0c-5e2f4a6b7c8d' })
export class ReportIdParams {
  @IsString()
  @MaxLength(64)
  @Matches(/^report_[0-9a-f-]{36}$/, { message: 'id must be a report id (report_...)' })
  id!: string;
}

@RequestExample({ expires: 1893456000, signature: 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE' })
export class DownloadQueryDto {
  @Type(() => Number) @IsInt({ message: 'expires must be a unix time' }) @Min(0) @Max(32_503_680_000) expires!: number;
  @IsString() @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'signature is malformed' }) signature!: string;
}
