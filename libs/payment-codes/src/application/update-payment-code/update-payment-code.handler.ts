import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Clock, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { paymentCodeDecider } from '../../domain/payment-code.decider';
import { PaymentCodeErrors } from '../../domain/payment-code.errors';
import { type PaymentCodeSnapshot, paymentCodeStream } from '../../domain/payment-code.events';
import { PAYMENT_CODES_PROJECTION } from '../../read-models/payment-codes.projection';
import { loadOwnedPaymentCode } from '../owned-payment-code';
import { UpdatePaymentCodeCommand } from './update-payment-code.command';

@CommandHandler(UpdatePaymentCodeCommand)
export class UpdatePaymentCodeHandler implements ICommandHandler<UpdatePaymentCodeCommand, PaymentCodeSnapshot> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
  ) {}

  async execute(command: UpdatePaymentCodeCommand): Promise<PaymentCodeSnapshot> {
    const { fpcId, businessId, mode } = command;
    await loadOwnedPaymentCode(this.store, fpcId, businessId, mode);
    const now = await this.clock.now({ businessId, mode });
    const decision = await decideAndAppend(
      this.store,
      paymentCodeStream(fpcId),
      paymentCodeDecider,
      { type: 'UpdatePaymentCode', fpcId, changes: command.changes, now },
      toCommandMetadata(command.context, now, { businessId, mode }),
    );
    if (decision.appended) await this.progress.waitFor(PAYMENT_CODES_PROJECTION, decision.appended.position, 10_000);
    if (!decision.state.exists) throw PaymentCodeErrors.notFound(fpcId);
    return decision.state.snapshot;
  }
}
