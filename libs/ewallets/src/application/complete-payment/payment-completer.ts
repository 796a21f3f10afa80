import { GetSettingsQuery } from '@gateway/accounts';
import { type CommandMetadata, CommandPipeline, originOf, type ReadYourWrites } from '@gateway/event-store';
import { feeFor, feeRuleFor } from '@gateway/ledger';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ewalletPaymentDecider } from '../../domain/ewallet-payment.decider';
import type { EwalletPaymentSnapshot } from '../../domain/ewallet-payment.events';

/**
 * Completes a payment: the fee comes from the business's schedule for the wallet's channel at the
 * moment the money arrives, and is fixed in the appended `MoneyInReceived` (docs/ledger.md §1).
 * Shared by the simulated OVO payer and the checkout page.
 */
@Injectable()
export class PaymentCompleter {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly queries: QueryBus,
  ) {}

  async complete(
    streamName: string,
    payment: Pick<EwalletPaymentSnapshot, 'businessId' | 'mode' | 'ewalletType' | 'amount'>,
    metadata: CommandMetadata,
    readYourWrites: ReadYourWrites,
  ) {
    const settings = await this.queries.execute(new GetSettingsQuery(payment.businessId, payment.mode));
    const { fee, feeTax } = feeFor(payment.amount, feeRuleFor(payment.ewalletType, settings?.settings.feeSchedule));
    return this.pipeline.run({
      ...originOf(metadata),
      stream: streamName,
      decider: ewalletPaymentDecider,
      command: { type: 'CompleteEwalletPayment', fee, feeTax, now: metadata.occurredAt },
      readYourWrites,
    });
  }
}
