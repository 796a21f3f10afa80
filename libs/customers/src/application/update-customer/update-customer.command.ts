import type { Mode } from '@gateway/clock';
import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { CustomerChanges, CustomerType } from '../../domain/customer-profile';
import type { LegacyIndividualChanges } from '../../domain/customer.decider';
import type { CustomerView } from '../../read-models/customer-view';

export class UpdateCustomerCommand extends Command<CustomerView> {
  constructor(
    readonly customerId: string,
    readonly businessId: string,
    readonly mode: Mode,
    readonly changes: CustomerChanges,
    /** `reference_id` and `type` as sent, if they were: they may not change. */
    readonly immutable: { referenceId?: string; customerType?: CustomerType },
    readonly context: RequestContext,
    /** Name fields sent in the 2020-05-19 shape, changed one by one inside `individual_detail`. */
    readonly legacyIndividualChanges?: LegacyIndividualChanges,
  ) {
    super();
  }
}
