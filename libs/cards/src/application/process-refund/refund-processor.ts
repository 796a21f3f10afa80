import { DomainError } from '@gateway/domain';
import { type CommandMetadata, CommandPipeline, originOf } from '@gateway/event-store';
import {
  balanceStream,
  type BalanceScope,
  CompleteMoneyOutCommand,
  FailMoneyOutCommand,
  LEDGER_PROJECTION,
  ReserveMoneyOutCommand,
  SettleEarlyCommand,
} from '@gateway/ledger';
import { Clock } from '@gateway/clock';
import { failpoint } from '@gateway/runtime';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { cardChargeDecider, type CardChargeState, type RefundState } from '../../domain/card-charge.decider';
import { cardChargeStream, type RefundFailureReason } from '../../domain/card-charge.events';
import { simulatedRefundRejected } from '../../domain/card-network-simulator';
import { CARDS_PROJECTION } from '../../read-models/cards.projection';
import type { RefundView } from '../card-views';
import { refundViewOf } from '../refund-view';

type Charge = Exclude<CardChargeState, { status: 'none' }>;

const balanceStreamOf = (scope: BalanceScope) => balanceStream(scope.businessId, scope.mode, scope.currency);

/**
 * Where the charge's money was received: its own `MoneyInReceived`, or the one of the resource it
 * paid (an invoice). Undefined for a charge paid for another resource before that was recorded.
 */
function receivedMoneyOf(charge: Charge): { movementId: string; stream: string } | undefined {
  const recorder = charge.snapshot.moneyRecordedBy;
  if (!recorder) return { movementId: charge.snapshot.chargeId, stream: cardChargeStream(charge.snapshot.chargeId) };
  return recorder.movementId && recorder.receivedIn
    ? { movementId: recorder.movementId, stream: recorder.receivedIn }
    : undefined;
}

/**
 * Ends a PENDING refund (issue 18). The refund's money leaves CASH through the ledger's balance
 * aggregate, the one authority over every debit of CASH, so a refund and a disbursement (or two
 * refunds, in any processes) can never spend the same money:
 *
 *   1. the charge's money (its own, or that of the invoice it paid), if still in HOLDING, is
 *      settled now (a same-day refund works);
 *   2. the refund is reserved on the balance (movement id = refund id): CASH → HOLDING, or
 *      declined when CASH cannot cover it (→ FAILED `INSUFFICIENT_BALANCE`);
 *   3. the (simulated) network answers; the refund is finished on the charge's stream;
 *   4. the reservation is closed as the refund ended: completed to the payer, or released.
 *
 * Every step is idempotent and the job runs at least once, so a crash between any two steps is
 * finished by the job's retry: it finds the reservation made (or declined) before, the refund
 * final, and still closes the reservation. Two processors of one refund at once (the API
 * answering a 2019-05-01 request and the worker's job) agree: the balance decides the
 * reservation once, the charge's stream the outcome once, and each closes as the outcome says.
 */
@Injectable()
export class RefundProcessor {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly clock: Clock,
    private readonly commands: CommandBus,
  ) {}

  async process(chargeId: string, refundId: string, correlationId: string): Promise<RefundView | undefined> {
    const { state } = await this.pipeline.load(cardChargeStream(chargeId), cardChargeDecider);
    if (state.status === 'none' || !state.refunds[refundId]) return undefined;
    const { businessId, mode } = state.snapshot;
    const refund = state.refunds[refundId];
    const scope: BalanceScope = { businessId, mode, currency: refund.snapshot.currency };
    const ended = refund.status === 'PENDING' ? await this.finish(state, refund, scope, correlationId) : refund;
    // Also when the refund was final already: a crash may have come between finishing and closing.
    await this.closeReservation(ended, scope, correlationId);
    await this.readable(chargeId, scope);
    return refundViewOf(ended);
  }

  /**
   * Read-your-writes: the refund's GET and GET /balance show how it ended, whichever processor
   * wrote the last step (another one may have finished or closed it while this one ran).
   */
  private async readable(chargeId: string, scope: BalanceScope): Promise<void> {
    await Promise.all([
      this.pipeline.catchUp({ projection: CARDS_PROJECTION }, cardChargeStream(chargeId)),
      this.pipeline.catchUp({ projection: LEDGER_PROJECTION }, balanceStreamOf(scope)),
    ]);
  }

  private async finish(
    charge: Charge,
    refund: RefundState,
    scope: BalanceScope,
    correlationId: string,
  ): Promise<RefundState> {
    const { businessId, mode } = scope;
    const { refundId, externalId, amount, chargeId } = refund.snapshot;
    const received = receivedMoneyOf(charge);
    if (received) {
      // If the settlement job has not run yet, settle this charge's payment (and only it) now,
      // so its money is in CASH for the refund (docs/ledger.md, "Refunds").
      await this.commands.execute(
        new SettleEarlyCommand(businessId, mode, received.movementId, received.stream, {
          requestId: correlationId,
          actor: 'system:card-refunds',
          businessId,
          mode,
        }),
      );
    }
    const now = await this.clock.now({ businessId, mode });
    const metadata = this.metadata(scope, correlationId, now);
    const reservation = await this.commands.execute(
      new ReserveMoneyOutCommand(
        scope,
        [{ movementId: refundId, amount, kind: 'refund', details: { chargeId, refundId, externalId } }],
        metadata,
        now,
      ),
    );
    const { status } = reservation.items[0];
    if (status === 'completed' || status === 'failed') {
      // Closed only after the refund ended: another processor (the job beside a 2019-05-01
      // request) reserved, finished and closed it after this one loaded the charge. Its outcome stands.
      const ended = await this.current(chargeId, refundId);
      if (ended.status === 'PENDING')
        throw new Error(`Refund ${refundId} is PENDING but its reservation is already ${status}`);
      return ended;
    }
    failpoint('cards.refund-reserved');

    const failureReason: RefundFailureReason | undefined =
      status === 'declined'
        ? 'INSUFFICIENT_BALANCE'
        : simulatedRefundRejected(externalId)
          ? 'REFUND_FAILED'
          : undefined;
    const ended = await this.end(chargeId, refundId, failureReason, metadata);
    failpoint('cards.refund-finished');
    return ended;
  }

  /** Finishes the refund on the charge's stream; if another processor finished it first, its outcome stands. */
  private async end(
    chargeId: string,
    refundId: string,
    failureReason: RefundFailureReason | undefined,
    metadata: CommandMetadata,
  ): Promise<RefundState> {
    try {
      const decision = await this.pipeline.run({
        ...originOf(metadata),
        stream: cardChargeStream(chargeId),
        decider: cardChargeDecider,
        command: { type: 'FinishRefund', refundId, ...(failureReason && { failureReason }), now: metadata.occurredAt },
        // The processor waits for the charge and the balance together at its end (`readable`).
        readYourWrites: 'none',
        maxAttempts: 50,
      });
      if (decision.state.status === 'none') throw new Error(`Charge ${chargeId} vanished`);
      return decision.state.refunds[refundId];
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'INVALID_REFUND_STATUS_ERROR') throw error;
      return this.current(chargeId, refundId);
    }
  }

  /** The refund as the charge's stream has it now. */
  private async current(chargeId: string, refundId: string): Promise<RefundState> {
    const { state } = await this.pipeline.load(cardChargeStream(chargeId), cardChargeDecider);
    if (state.status === 'none') throw new Error(`Charge ${chargeId} vanished`);
    return state.refunds[refundId];
  }

  /**
   * Completes the reservation of a SUCCEEDED refund, releases that of a FAILED one (nothing when there is none open).
   */
  private async closeReservation(refund: RefundState, scope: BalanceScope, correlationId: string): Promise<void> {
    if (refund.status === 'PENDING') return;
    const now = await this.clock.now({ businessId: scope.businessId, mode: scope.mode });
    const metadata = this.metadata(scope, correlationId, now);
    const { refundId } = refund.snapshot;
    if (refund.status === 'SUCCEEDED')
      await this.commands.execute(new CompleteMoneyOutCommand(scope, refundId, metadata, now));
    else
      await this.commands.execute(
        new FailMoneyOutCommand(scope, refundId, refund.failureReason ?? 'REFUND_FAILED', metadata, now),
      );
  }

  private metadata(scope: BalanceScope, correlationId: string, now: Date): CommandMetadata {
    return {
      correlationId,
      actor: 'system:card-refunds',
      occurredAt: now,
      businessId: scope.businessId,
      mode: scope.mode,
    };
  }
}
