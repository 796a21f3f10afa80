import type { Mode } from '@gateway/clock';
import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { CustomerProfile } from '../../domain/customer-profile';
import type { CustomerView } from '../../read-models/customer-view';

export class CreateCustomerCommand extends Command<CustomerView> {
  constructor(
    readonly businessId: string,
    readonly mode: Mode,
    readonly referenceId: string,
    readonly profile: CustomerProfile,
    readonly context: RequestContext,
  ) {
    super();
  }
}
