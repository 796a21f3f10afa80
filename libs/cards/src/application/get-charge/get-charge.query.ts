import { Query } from '@nestjs/cqrs';
import type { ChargeView } from '../card-views';

export class GetChargeQuery extends Query<ChargeView> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly chargeId: string,
  ) {
    super();
  }
}
