import { GetSettingsQuery } from '@gateway/accounts';
import { type CommandMetadata, decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { feeFor, feeRuleFor } from '@gateway/ledger';
import { Inject, Injectable } from '@nestjs/common';
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
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly queries: QueryBus,
  ) {}

  async complete(streamName: string, payment: Pick<EwalletPaymentSnapshot, 'businessId' | 'mode' | 'ewalletType' | 'amount'>, now: Date, metadata: CommandMetadata) {
    const settings = await this.queries.execute(new GetSettingsQuery(payment.businessId, payment.mode));
    const { fee, feeTax } = feeFor(payment.amount, feeRuleFor(payment.ewalletType, settings?.settings.feeSchedule));
    return decideAndAppend(this.store, streamName, ewalletPaymentDecider, { type: 'CompleteEwalletPayment', fee, feeTax, now }, metadata);
  }
}
