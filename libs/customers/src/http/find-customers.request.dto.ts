import { RequestExample } from '@gateway/http-edge';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { LIMITS, Text } from './customer-fields';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** GET /customers?reference_id=&after_id=&limit= */
@RequestExample({ reference_id: 'customer-78', limit: 10 })
export class FindCustomersRequestDto {
  @Text(LIMITS.referenceId) reference_id!: string;
  /** Customer ids are `cust-` and a uuid (`create-customer.handler.ts`): anything else cannot name a customer. */
  @IsOptional()
  @Matches(/^cust-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
    message: 'after_id must be a customer id (cust- and a uuid)',
  })
  after_id?: string;
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value,
  )
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;
}
