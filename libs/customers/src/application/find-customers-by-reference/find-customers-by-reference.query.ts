import type { Mode } from '@gateway/clock';
import { Query } from '@nestjs/cqrs';
import type { CustomerView } from '../../read-models/customer-view';

export interface CustomerPage {
  customers: CustomerView[];
  hasMore: boolean;
}

/** Customers of this business and mode with the reference, oldest first, after `afterId` when given. */
export class FindCustomersByReferenceQuery extends Query<CustomerPage> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly referenceId: string,
    readonly limit: number,
    readonly afterId?: string,
  ) {
    super();
  }
}
