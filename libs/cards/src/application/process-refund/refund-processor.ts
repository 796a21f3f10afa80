import { decideAndAppend, EVENT_STORE, type EventStore, loadAggregate } from '@gateway/event-store';
import { GetBalanceQuery, LEDGER_PROJECTION } from '@gateway/ledger';
import { Clock } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { cardChargeDecider } from '../../domain/card-charge.decider';
import { cardChargeStream, type RefundFailureReason } from '../../domain/card-charge.events';
import { simulatedRefundRejected } from '../../domain/card-network-simulator';
import { CARDS_PROJECTION } from '../../read-models/cards.projection';
import type { RefundView } from '../card-views';
import { refundViewOf } from '../refund-view';

/**
 * Ends a PENDING refund: the (simulated) network may reject it, and the merchant's settled CASH
 * must cover it (docs/ledger.md: refund contexts check the spendable balance themselves).
 *
 * Refunds of one business and mode are processed one at a time, across processes, under a
 * PostgreSQL advisory lock held until the journal has the refund: the next one then sees the
 * lower balance, so two refunds cannot both spend the same money. Waiting for the lock never
 * holds a pool connection (try, release, retry), so a queue of refunds cannot starve the pool.
 */
@Injectable()
export class RefundProcessor {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly pool: Pool,
    private readonly clock: Clock,
    private readonly queries: QueryBus,
    private readonly progress: ProjectionProgress,
  ) {}

  async process(chargeId: string, refundId: string, correlationId: string): Promise<RefundView | undefined> {
    const first = await loadAggregate(this.store, cardChargeStream(chargeId), cardChargeDecider);
    if (first.state.status === 'none' || !first.state.refunds[refundId]) return undefined;
    const { businessId, mode } = first.state.snapshot;
    return this.oneAtATime(`cards-refund:${businessId}:${mode}`, async () => {
      const { state } = await loadAggregate(this.store, cardChargeStream(chargeId), cardChargeDecider);
      if (state.status === 'none') return undefined;
      const refund = state.refunds[refundId]!;
      if (refund.status !== 'PENDING') return refundViewOf(refund);
      const now = await this.clock.now({ businessId, mode });
      const failureReason = await this.outcome(businessId, mode, refund.snapshot.externalId, refund.snapshot.currency, refund.snapshot.amount);
      const decision = await decideAndAppend(
        this.store,
        cardChargeStream(chargeId),
        cardChargeDecider,
        { type: 'FinishRefund', refundId, ...(failureReason && { failureReason }), now },
        { correlationId, actor: 'system:card-refunds', occurredAt: now, businessId, mode },
        { maxAttempts: 50 },
      );
      if (decision.appended) await this.progress.waitFor([CARDS_PROJECTION, LEDGER_PROJECTION], decision.appended.position, 10_000);
      if (decision.state.status === 'none') return undefined;
      return refundViewOf(decision.state.refunds[refundId]!);
    });
  }

  private async outcome(businessId: string, mode: 'test' | 'live', externalId: string, currency: string, amount: number): Promise<RefundFailureReason | undefined> {
    if (simulatedRefundRejected(externalId)) return 'REFUND_FAILED';
    const cash = await this.queries.execute(new GetBalanceQuery(businessId, mode, 'CASH', currency));
    return cash.balance < BigInt(amount) ? 'INSUFFICIENT_BALANCE' : undefined;
  }

  private async oneAtATime<T>(name: string, work: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const client = await this.pool.connect();
      let locked = false;
      try {
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [name]);
        locked = rows[0]!.locked;
        if (locked) return await work();
      } finally {
        if (locked) await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]).catch(() => undefined);
        client.release();
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(200, 5 + attempt * 5) + Math.random() * 10));
    }
  }
}
