import {
  type AppendResult,
  CommandPipeline,
  EVENT_STORE,
  type EventStore,
  type GlobalPosition,
} from '@gateway/event-store';
import { Inject, Injectable } from '@nestjs/common';
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
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly pipeline: CommandPipeline,
  ) {}

  /** The append, or undefined when the payment had been settled before. */
  async settle(settlement: Settlement): Promise<AppendResult | undefined> {
    const { movementId, currency, amount, businessId, mode, causationId, correlationId, at } = settlement;
    const settled: MoneyInSettled = {
      type: 'MoneyInSettled',
      data: { movementId, currency, amount, settledAt: at.toISOString() },
    };
    const created = await this.pipeline.create({
      context: { requestId: correlationId, causationId, actor: 'system:ledger-settlement' },
      scope: { businessId, mode },
      at,
      stream: settlementStream(movementId),
      events: [settled],
      ifExists: 'skip',
      // Callers wait for what they need (the balance process's credit), not for a read model.
      readYourWrites: 'none',
    });
    return created?.appended;
  }

  /** Where the payment's settlement is in the log, whoever wrote it (undefined: not settled). */
  async settledAt(movementId: string): Promise<GlobalPosition | undefined> {
    const [first] = await this.store.readStream(settlementStream(movementId), { maxCount: 1 });
    return first?.position;
  }
}
