import { LookupCombiner } from '@gateway/database';
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
  /** Invoice creation and other hot paths ask once per request: concurrent asks share one query. */
  private readonly businesses: LookupCombiner<BusinessView>;

  constructor(private readonly pool: Pool) {
    this.businesses = new LookupCombiner((businessIds) => this.readMany(businessIds));
  }

  execute(query: GetBusinessQuery): Promise<BusinessView | undefined> {
    return this.businesses.load(query.businessId);
  }

  private async readMany(businessIds: string[]): Promise<Map<string, BusinessView>> {
    const { rows } = await this.pool.query<BusinessRow>(
      `SELECT business_id, name, registered_at, is_platform, parent_business_id, test_clock_offset_ms
         FROM businesses WHERE business_id = ANY($1::text[])`,
      [businessIds],
    );
    return new Map(rows.map((row) => [row.business_id, toBusinessView(row)]));
  }
}

function toBusinessView(row: BusinessRow): BusinessView {
  return {
    businessId: row.business_id,
    name: row.name,
    registeredAt: row.registered_at.toISOString(),
    isPlatform: row.is_platform,
    parentBusinessId: row.parent_business_id,
    testClockOffsetMs: Number(row.test_clock_offset_ms),
  };
}
