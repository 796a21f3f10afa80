import { Query } from '@nestjs/cqrs';
import type { RecurringSnapshot } from '../../domain/recurring.events';

export class GetRecurringPaymentQuery extends Query<RecurringSnapshot> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly id: string,
  ) {
    super();
  }
}
