import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { feeFor, feeRuleFor, LEDGER_PROJECTION } from '@gateway/ledger';
import { Clock, IdGenerator, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { paymentCodeDecider } from '../../domain/payment-code.decider';
import { PaymentCodeErrors } from '../../domain/payment-code.errors';
import { type FixedPaymentCodePaid, paymentCodeStream } from '../../domain/payment-code.events';
import { PAYMENT_CODES_PROJECTION } from '../../read-models/payment-codes.projection';
import { BusinessRetailTerms } from '../business-retail-terms';
import { loadOwnedPaymentCode } from '../owned-payment-code';
import { hexId, paymentCodeId } from '../payment-code-identity';
import { type SimulatedRetailPayment, SimulateRetailPaymentCommand } from './simulate-retail-payment.command';

@CommandHandler(SimulateRetailPaymentCommand)
export class SimulateRetailPaymentHandler implements ICommandHandler<SimulateRetailPaymentCommand, SimulatedRetailPayment> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly progress: ProjectionProgress,
    private readonly terms: BusinessRetailTerms,
  ) {}

  async execute(command: SimulateRetailPaymentCommand): Promise<SimulatedRetailPayment> {
    const { businessId, mode, retailOutletName, paymentCode, amount } = command;
    if (mode !== 'test') throw PaymentCodeErrors.testModeOnly();
    const fpcId = paymentCodeId(businessId, mode, retailOutletName, paymentCode);
    await loadOwnedPaymentCode(this.store, fpcId, businessId, mode).catch(() => {
      throw PaymentCodeErrors.notFound(`${retailOutletName} ${paymentCode}`);
    });
    const { feeSchedule } = await this.terms.of(businessId, mode);
    const { fee, feeTax } = feeFor(amount, feeRuleFor(retailOutletName, feeSchedule));
    const now = await this.clock.now({ businessId, mode });
    const decision = await decideAndAppend(
      this.store,
      paymentCodeStream(fpcId),
      paymentCodeDecider,
      { type: 'ReceivePaymentCodePayment', fpcId, id: hexId(this.ids.uuid()), paymentId: hexId(this.ids.uuid()), amount, fee, feeTax, now },
      toCommandMetadata(command.context, now, { businessId, mode }),
    );
    if (decision.appended) await this.progress.waitFor([PAYMENT_CODES_PROJECTION, LEDGER_PROJECTION], decision.appended.position, 10_000);
    const paid = decision.events.find((event): event is FixedPaymentCodePaid => event.type === 'FixedPaymentCodePaid')!;
    return { payment: paid.data.payment, code: paid.data.snapshot };
  }
}
