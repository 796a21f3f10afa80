import { Query } from '@nestjs/cqrs';

export interface BusinessView {
  businessId: string;
  name: string;
  registeredAt: string;
  isPlatform: boolean;
  parentBusinessId: string | null;
  testClockOffsetMs: number;
}

export class GetBusinessQuery extends Query<BusinessView | undefined> {
  constructor(readonly businessId: string) {
    super();
  }
}
