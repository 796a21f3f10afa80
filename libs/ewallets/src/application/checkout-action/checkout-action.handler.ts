import { DomainError } from '@gateway/domain';
import { CommandPipeline, originOf, type ReadYourWrites } from '@gateway/event-store';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { ewalletPaymentDecider } from '../../domain/ewallet-payment.decider';
import { EwalletErrors } from '../../domain/ewallet.errors';
import type { EwalletPaymentView } from '../../read-models/ewallet-payment-view';
import { EWALLETS_PROJECTION } from '../../read-models/ewallet-payments.projection';
import { PaymentCompleter } from '../complete-payment/payment-completer';
import { FindCheckoutQuery } from '../find-payment/find-ewallet-payment.query';
import { CheckoutActionCommand } from './checkout-action.command';

/**
 * The payer pays (DANA, LINKAJA) or cancels (LINKAJA) on the checkout page. The decider refuses
 * an expired checkout even if the expiry job has not run yet. Answers once the read model has
 * the outcome, so the page shown next is current.
 */
@CommandHandler(CheckoutActionCommand)
export class CheckoutActionHandler implements ICommandHandler<CheckoutActionCommand, EwalletPaymentView> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly queries: QueryBus,
    private readonly completer: PaymentCompleter,
  ) {}

  async execute(command: CheckoutActionCommand): Promise<EwalletPaymentView> {
    const payment = await this.queries.execute(new FindCheckoutQuery(command.checkoutToken));
    if (!payment) throw EwalletErrors.notFound();
    const scope = { businessId: payment.businessId, mode: payment.mode };
    const now = await this.pipeline.now({ scope });
    const metadata = { correlationId: command.requestId, actor: 'system:checkout-page', occurredAt: now, ...scope };
    const readYourWrites: ReadYourWrites = { projection: EWALLETS_PROJECTION };
    try {
      if (command.action === 'pay') {
        await this.completer.complete(payment.streamName, payment, metadata, readYourWrites);
      } else {
        await this.pipeline.run({
          ...originOf(metadata),
          stream: payment.streamName,
          decider: ewalletPaymentDecider,
          command: { type: 'FailEwalletPayment', failureCode: 'USER_DECLINED_THE_TRANSACTION', now },
          readYourWrites,
        });
      }
    } catch (error) {
      // Refused on the stream's own state (already expired or paid): the page shown next reads
      // the read model, which may not have that outcome yet and would offer to pay again.
      if (error instanceof DomainError) await this.pipeline.catchUp(readYourWrites, payment.streamName);
      throw error;
    }
    return (await this.queries.execute(new FindCheckoutQuery(command.checkoutToken))) ?? payment;
  }
}
