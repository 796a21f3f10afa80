import { aggregateRuns } from '@gateway/event-store';
import { recurringDecider } from '../domain/recurring.decider';
import { recurringStream } from '../domain/recurring.events';
import { RECURRING_PROJECTION } from '../read-models/recurring.projection';

/** Commands on a recurring payment: the recurring read model shows the outcome before the answer. */
export const onRecurring = aggregateRuns({
  streamOf: recurringStream,
  decider: recurringDecider,
  readModel: RECURRING_PROJECTION,
});
