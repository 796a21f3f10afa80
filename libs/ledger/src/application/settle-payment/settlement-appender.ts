import { type AppendResult, EVENT_STORE, type EventStore, type GlobalPosition, WrongExpectedRevisionError } from '@gateway/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { MoneyInSettled } from '../../domain/money-movement.events';
import { settlementStream } from '../../domain/top-up.decider';

export interface Settlement {
  movementId: string;
  currency: string;
  /** The net: gross less fee and VAT on the fee. */
  amount: number;
  businessId: string;
  mode: 'test' | 'live';
  /** The MoneyInReceived event. */
  causationId: string;
  correlationId: string;
  at: Date;
}

/**
 * Settles a payment: `MoneyInSettled` in its own stream `settlement-<movementId>`, appended with
 * `no_stream`, so whoever settles it (the settlement job when the channel's delay has passed,
 * or a refund that cannot wait for it) settles it once.
 */
@Injectable()
export class SettlementAppender {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** The append, or undefined when the payment had been settled before. */
  async settle(settlement: Settlement): Promise<AppendResult | undefined> {
    const { movementId, currency, amount, businessId, mode, causationId, correlationId, at } = settlement;
    const settled: MoneyInSettled = { type: 'MoneyInSettled', data: { movementId, currency, amount, settledAt: at.toISOString() } };
    try {
      return await this.store.append(
        settlementStream(movementId),
        [
          {
            id: randomUUID(),
            type: settled.type,
            data: settled.data,
            metadata: { businessId, mode, correlationId, causationId, actor: 'system:ledger-settlement', occurredAt: at.toISOString() },
          },
        ],
        'no_stream',
      );
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return undefined;
      throw error;
    }
  }

  /** Where the payment's settlement is in the log, whoever wrote it (undefined: not settled). */
  async settledAt(movementId: string): Promise<GlobalPosition | undefined> {
    const [first] = await this.store.readStream(settlementStream(movementId), { maxCount: 1 });
    return first?.position;
  }
}
