import { CombinedLookups } from '@gateway/database';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { GetBusinessQuery, type BusinessView } from './get-business.query';

@QueryHandler(GetBusinessQuery)
export class GetBusinessHandler implements IQueryHandler<GetBusinessQuery, BusinessView | undefined> {
  /** Invoice creation and other hot paths ask once per request: concurrent asks share one statement. */
  private readonly lookup: (businessId: string) => Promise<BusinessView | undefined>;

  constructor(lookups: CombinedLookups) {
    this.lookup = lookups.kind({
      name: 'accounts_business',
      sql: `SELECT business_id, name, registered_at, is_platform, parent_business_id, test_clock_offset_ms
              FROM businesses WHERE business_id = ANY($1::text[])`,
      keyOf: (row) => row.business_id as string,
      // The row's JSON form: registered_at an ISO string with the session's offset, the bigint a number.
      valueOf: (row) => ({
        businessId: row.business_id as string,
        name: row.name as string,
        registeredAt: new Date(row.registered_at as string).toISOString(),
        isPlatform: row.is_platform as boolean,
        parentBusinessId: (row.parent_business_id as string | null) ?? null,
        testClockOffsetMs: Number(row.test_clock_offset_ms),
      }),
    });
  }

  execute(query: GetBusinessQuery): Promise<BusinessView | undefined> {
    return this.lookup(query.businessId);
  }
}
