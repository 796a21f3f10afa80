import { CommandPipeline, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type RecurringCommand, recurringDecider } from '../../domain/recurring.decider';
import { RecurringErrors } from '../../domain/recurring.errors';
import { type RecurringSnapshot, recurringStream } from '../../domain/recurring.events';
import { RECURRING_PROJECTION } from '../../read-models/recurring.projection';
import { RechargeTokenCheck } from '../recharge-token';
import { ChangeRecurringPaymentCommand } from './change-recurring.command';

@CommandHandler(ChangeRecurringPaymentCommand)
export class ChangeRecurringPaymentHandler implements ICommandHandler<
  ChangeRecurringPaymentCommand,
  RecurringSnapshot
> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly pipeline: CommandPipeline,
    private readonly tokens: RechargeTokenCheck,
  ) {}

  async execute(command: ChangeRecurringPaymentCommand): Promise<RecurringSnapshot> {
    const { businessId, mode, id, change } = command;
    if (!/^[0-9a-f]{24}$/.test(id)) throw RecurringErrors.notFound(id);
    const stream = recurringStream(id);
    const first = await this.store.readStream(stream, { maxCount: 1 });
    if (first.length === 0 || first[0].metadata.businessId !== businessId || first[0].metadata.mode !== mode)
      throw RecurringErrors.notFound(id);
    if (change.type === 'update') await this.tokens.assertUsable(businessId, mode, change.changes.creditCardToken);
    const decided = (now: Date): RecurringCommand =>
      change.type === 'update'
        ? { type: 'UpdateRecurringPayment', id, changes: change.changes, now }
        : change.type === 'stop'
          ? { type: 'StopRecurringPayment', id, now }
          : change.type === 'pause'
            ? { type: 'PauseRecurringPayment', id, now }
            : { type: 'ResumeRecurringPayment', id, now };
    const decision = await this.pipeline.run({
      context: command.context,
      scope: { businessId, mode },
      stream,
      decider: recurringDecider,
      command: decided,
      readYourWrites: { projection: RECURRING_PROJECTION },
    });
    if (decision.state.status !== 'exists') throw RecurringErrors.notFound(id);
    return decision.state.recurring;
  }
}
