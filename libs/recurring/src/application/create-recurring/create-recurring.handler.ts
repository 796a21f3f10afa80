import { CommandPipeline, requestOrigin } from '@gateway/event-store';
import { failpoint, IdGenerator } from '@gateway/runtime';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecurringErrors } from '../../domain/recurring.errors';
import type { RecurringSnapshot } from '../../domain/recurring.events';
import { RechargeTokenCheck } from '../recharge-token';
import { RunCycleJob } from '../run-cycle/run-cycle.job';
import { onRecurring } from '../recurring-commands';
import { CreateRecurringPaymentCommand } from './create-recurring.command';

@CommandHandler(CreateRecurringPaymentCommand)
export class CreateRecurringPaymentHandler implements ICommandHandler<
  CreateRecurringPaymentCommand,
  RecurringSnapshot
> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly ids: IdGenerator,
    private readonly tokens: RechargeTokenCheck,
    private readonly cycles: RunCycleJob,
  ) {}

  async execute(command: CreateRecurringPaymentCommand): Promise<RecurringSnapshot> {
    const { businessId, mode, request } = command;
    await this.tokens.assertUsable(businessId, mode, request.creditCardToken);
    const id = this.ids.uuid().replace(/-/g, '').slice(0, 24);
    const decision = await this.pipeline.run(
      onRecurring(requestOrigin(command), id, (now) => ({
        type: 'CreateRecurringPayment' as const,
        recurring: {
          recurringPaymentId: id,
          businessId,
          mode,
          externalId: request.externalId,
          payerEmail: request.payerEmail,
          description: request.description,
          amount: request.amount,
          interval: request.interval,
          intervalCount: request.intervalCount,
          shouldSendEmail: request.shouldSendEmail ?? false,
          missedPaymentAction: request.missedPaymentAction ?? 'IGNORE',
          startDate: request.startDate ? new Date(request.startDate).toISOString() : now.toISOString(),
          chargeImmediately: request.chargeImmediately ?? false,
          ...(request.totalRecurrence !== undefined && { totalRecurrence: request.totalRecurrence }),
          ...(request.invoiceDuration !== undefined && { invoiceDuration: request.invoiceDuration }),
          ...(request.creditCardToken !== undefined && { creditCardToken: request.creditCardToken }),
          ...(request.successRedirectUrl !== undefined && { successRedirectUrl: request.successRedirectUrl }),
          ...(request.failureRedirectUrl !== undefined && { failureRedirectUrl: request.failureRedirectUrl }),
        },
        now,
      })),
    );
    if (decision.state.status !== 'exists') throw RecurringErrors.notFound(id);
    const created = decision.state.recurring;
    // Crash tests: the payment is recorded, its first cycle not yet billed.
    failpoint('recurring.created-before-first-cycle');
    // A first cycle due at creation is billed before the answer, which then shows its invoice.
    return this.cycles.issueFirstCycleNow(created, command.context.requestId, new Date(created.createdAt));
  }
}
