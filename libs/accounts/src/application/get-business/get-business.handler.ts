import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { GetBusinessQuery, type BusinessView } from './get-business.query';

interface BusinessRow {
  business_id: string;
  name: string;
  registered_at: Date;
  is_platform: boolean;
  parent_business_id: string | null;
  test_clock_offset_ms: string | number;
}

@QueryHandler(GetBusinessQuery)
export class GetBusinessHandler implements IQueryHandler<GetBusinessQuery, BusinessView | undefined> {
  constructor(private readonly pool: Pool) {}

  async execute(query: GetBusinessQuery): Promise<BusinessView | undefined> {
    const { rows } = await this.pool.query<BusinessRow>(
      `SELECT business_id, name, registered_at, is_platform, parent_business_id, test_clock_offset_ms
         FROM businesses WHERE business_id = $1`,
      [query.businessId],
    );
    const row = rows[0];
    return row
      ? {
          businessId: row.business_id,
          name: row.name,
          registeredAt: row.registered_at.toISOString(),
          isPlatform: row.is_platform,
          parentBusinessId: row.parent_business_id,
          testClockOffsetMs: Number(row.test_clock_offset_ms),
        }
      : undefined;
  }
}
