import type { Mode } from '@gateway/clock';
import { Query } from '@nestjs/cqrs';
import type { CustomerView } from '../../read-models/customer-view';

/** A customer of this business and mode; undefined otherwise. */
export class GetCustomerQuery extends Query<CustomerView | undefined> {
  constructor(
    readonly customerId: string,
    readonly businessId: string,
    readonly mode: Mode,
  ) {
    super();
  }
}
