import { CommandPipeline, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { EWALLET_PAYMENT_FINAL_EVENT_TYPES } from '../../domain/ewallet-payment.events';
import type { EwalletPaymentView } from '../../read-models/ewallet-payment-view';
import { EWALLETS_PROJECTION } from '../../read-models/ewallet-payments.projection';
import { FindEwalletPaymentQuery } from '../find-payment/find-ewallet-payment.query';

const POLL_MS = [50, 100, 200, 250];

/**
 * OVO version 2019-02-04 answers synchronously: the request waits, bounded, until the payer's
 * decision is in the payment's stream (appended by the durable decision job, whichever process
 * runs it), then until the read model has it, so a GET right after agrees with the answer.
 * The wait is a poll of one stream's tail; the business timer itself is the scheduled job.
 */
@Injectable()
export class OvoDecisionAwaiter {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly pipeline: CommandPipeline,
    private readonly queries: QueryBus,
  ) {}

  /** The decided payment, or undefined when `timeoutMs` passed first. */
  async decided(payment: EwalletPaymentView, timeoutMs: number): Promise<EwalletPaymentView | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (let round = 0; ; round += 1) {
      const events = await this.store.readStream(payment.streamName);
      const final = events.find((event) =>
        (EWALLET_PAYMENT_FINAL_EVENT_TYPES as readonly string[]).includes(event.type),
      );
      if (final) {
        const last = events[events.length - 1];
        const readYourWrites = { projection: EWALLETS_PROJECTION, timeoutMs: Math.max(1000, deadline - Date.now()) };
        await this.pipeline.waitFor(readYourWrites, payment.streamName, last.position);
        return this.queries.execute(
          new FindEwalletPaymentQuery(payment.businessId, payment.mode, payment.ewalletType, payment.externalId),
        );
      }
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      await new Promise((resolve) => setTimeout(resolve, Math.min(left, POLL_MS[Math.min(round, POLL_MS.length - 1)])));
    }
  }
}
