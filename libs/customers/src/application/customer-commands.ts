import { aggregateRuns } from '@gateway/event-store';
import { customerDecider, type CustomerState } from '../domain/customer.decider';
import { customerStream } from '../domain/customer.events';
import type { CustomerView } from '../read-models/customer-view';
import { CUSTOMERS_PROJECTION } from '../read-models/customers.projection';

/** Commands on a customer: the customers read model shows the outcome before the answer. */
export const onCustomer = aggregateRuns({
  streamOf: customerStream,
  decider: customerDecider,
  readModel: CUSTOMERS_PROJECTION,
});

/** A command's answer: the customer as its stream holds it after the command. */
export function customerViewOf(state: Extract<CustomerState, { status: 'existing' }>): CustomerView {
  const { customerId, referenceId, profile, createdAt, updatedAt } = state;
  return { customerId, referenceId, profile, createdAt, updatedAt };
}
