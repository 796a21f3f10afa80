import type { RequestContext } from '@gateway/runtime';
import { Command } from '@nestjs/cqrs';
import type { RecurringChanges } from '../../domain/recurring.decider';
import type { RecurringSnapshot } from '../../domain/recurring.events';

export type RecurringChange =
  { type: 'update'; changes: RecurringChanges } | { type: 'stop' } | { type: 'pause' } | { type: 'resume' };

/** PATCH, stop!, pause!, resume!: each answers the whole recurring payment. */
export class ChangeRecurringPaymentCommand extends Command<RecurringSnapshot> {
  constructor(
    readonly businessId: string,
    readonly mode: 'test' | 'live',
    readonly id: string,
    readonly change: RecurringChange,
    readonly context: RequestContext,
  ) {
    super();
  }
}
