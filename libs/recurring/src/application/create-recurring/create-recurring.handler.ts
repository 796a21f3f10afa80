import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Clock, IdGenerator, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { recurringDecider } from '../../domain/recurring.decider';
import { RecurringErrors } from '../../domain/recurring.errors';
import { type RecurringSnapshot, recurringStream } from '../../domain/recurring.events';
import { RECURRING_PROJECTION } from '../../read-models/recurring.projection';
import { RechargeTokenCheck } from '../recharge-token';
import { CreateRecurringPaymentCommand } from './create-recurring.command';

@CommandHandler(CreateRecurringPaymentCommand)
export class CreateRecurringPaymentHandler implements ICommandHandler<CreateRecurringPaymentCommand, RecurringSnapshot> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly progress: ProjectionProgress,
    private readonly tokens: RechargeTokenCheck,
  ) {}

  async execute(command: CreateRecurringPaymentCommand): Promise<RecurringSnapshot> {
    const { businessId, mode, request } = command;
    await this.tokens.assertUsable(businessId, mode, request.creditCardToken);
    const now = await this.clock.now({ businessId, mode });
    const id = this.ids.uuid().replace(/-/g, '').slice(0, 24);
    const decision = await decideAndAppend(
      this.store,
      recurringStream(id),
      recurringDecider,
      {
        type: 'CreateRecurringPayment',
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
      },
      toCommandMetadata(command.context, now, { businessId, mode }),
    );
    if (decision.appended) await this.progress.waitFor(RECURRING_PROJECTION, decision.appended.position, 10_000);
    if (decision.state.status !== 'exists') throw RecurringErrors.notFound(id);
    return decision.state.recurring;
  }
}
