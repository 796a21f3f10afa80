import { CommandPipeline, requestOrigin } from '@gateway/event-store';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RecurringCommand } from '../../domain/recurring.decider';
import { RecurringErrors } from '../../domain/recurring.errors';
import { type RecurringSnapshot, recurringStream } from '../../domain/recurring.events';
import { RechargeTokenCheck } from '../recharge-token';
import { onRecurring } from '../recurring-commands';
import { ChangeRecurringPaymentCommand } from './change-recurring.command';

@CommandHandler(ChangeRecurringPaymentCommand)
export class ChangeRecurringPaymentHandler implements ICommandHandler<
  ChangeRecurringPaymentCommand,
  RecurringSnapshot
> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly tokens: RechargeTokenCheck,
  ) {}

  async execute(command: ChangeRecurringPaymentCommand): Promise<RecurringSnapshot> {
    const { businessId, mode, id, change } = command;
    // Another business's recurring payment does not exist for the caller.
    const owned = /^[0-9a-f]{24}$/.test(id) && (await this.pipeline.ownedBy(recurringStream(id), { businessId, mode }));
    if (!owned) throw RecurringErrors.notFound(id);
    if (change.type === 'update') await this.tokens.assertUsable(businessId, mode, change.changes.creditCardToken);
    const decided = (now: Date): RecurringCommand =>
      change.type === 'update'
        ? { type: 'UpdateRecurringPayment', id, changes: change.changes, now }
        : change.type === 'stop'
          ? { type: 'StopRecurringPayment', id, now }
          : change.type === 'pause'
            ? { type: 'PauseRecurringPayment', id, now }
            : { type: 'ResumeRecurringPayment', id, now };
    const decision = await this.pipeline.run(onRecurring(requestOrigin(command), id, decided));
    if (decision.state.status !== 'exists') throw RecurringErrors.notFound(id);
    return decision.state.recurring;
  }
}
