import type { CommandMetadata, RecordedEvent } from '@gateway/event-store';
import type { MoneyInRefunded, MoneyInSettled } from '@gateway/ledger';
import { ReadModelProjection, type Projection } from '@gateway/projections';
import { Injectable } from '@nestjs/common';
import type { BalanceCommand } from '../../domain/balance.decider';
import { balanceStream, type MoneyOutReserved } from '../../domain/balance.events';
import type { DisbursementCompleted, DisbursementFailed } from '../../domain/disbursement.events';
import { deterministicUuid } from '../deterministic-id';
import { DisbursementMaterializer } from '../disbursement-materializer';
import { BalanceWriter } from './balance-writer';

export const BALANCE_PROCESS = 'disbursements.balance-process';

type Followed = MoneyInSettled | MoneyInRefunded | MoneyOutReserved | DisbursementCompleted | DisbursementFailed;

/**
 * A durable subscription (a projection without tables: the runner gives it a checkpoint and a
 * lease) that keeps the balance aggregate in step with the rest of the log:
 * - settled money in credits it, refunds debit it;
 * - a disbursement's end settles its reservation (MoneyOutCompleted / MoneyOutFailed);
 * - every reservation gets its disbursement stream (crash between the two appends).
 * Each reaction is appended with an event id derived from the source event's id, so a batch
 * replayed after a crash changes nothing.
 */
@ReadModelProjection()
@Injectable()
export class BalanceProcessManager implements Projection {
  readonly name = BALANCE_PROCESS;
  readonly tables: string[] = [];
  readonly eventTypes = ['MoneyInSettled', 'MoneyInRefunded', 'MoneyOutReserved', 'DisbursementCompleted', 'DisbursementFailed'];

  constructor(
    private readonly balances: BalanceWriter,
    private readonly materializer: DisbursementMaterializer,
  ) {}

  /**
   * Every reaction of the batch is started at once, in log order. `BalanceWriter` queues the
   * commands of each balance stream in the order they are given and appends a queue's commands
   * together, so a merchant's day of settlements costs a few appends, not one round trip each.
   * Nothing is lost by not waiting for one before the next: none of these commands depends on the
   * balance (a credit, a debit, a reservation's end can only be refused for the event's own bad
   * amount), so an earlier refusal could never have changed a later outcome. The batch still
   * fails (and is applied again, without duplicates) if any reaction fails.
   */
  async apply(events: RecordedEvent[]): Promise<void> {
    // Settle all before failing, so a retried batch never runs beside the reactions of this one.
    const outcomes = await Promise.allSettled(events.map((recorded) => this.react(recorded)));
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  }

  private async react(recorded: RecordedEvent): Promise<void> {
    const { businessId, mode } = recorded.metadata;
    if (!businessId || (mode !== 'test' && mode !== 'live')) return;
    const event = { type: recorded.type, data: recorded.data } as Followed;
    const metadata: CommandMetadata = {
      correlationId: recorded.metadata.correlationId,
      causationId: recorded.id,
      actor: 'system:balance-process',
      occurredAt: new Date(recorded.metadata.occurredAt),
      businessId,
      mode,
    };
    const apply = (currency: string, command: BalanceCommand) =>
      this.balances.execute(balanceStream(businessId, mode, currency), command, metadata, [deterministicUuid(`balance:${recorded.id}`)]);
    switch (event.type) {
      case 'MoneyInSettled':
        await apply(event.data.currency, { type: 'CreditBalance', movementId: event.data.movementId, sourceEventId: recorded.id, currency: event.data.currency, amount: event.data.amount });
        return;
      case 'MoneyInRefunded':
        await apply(event.data.currency, { type: 'DebitBalance', movementId: event.data.movementId, sourceEventId: recorded.id, currency: event.data.currency, amount: event.data.amount });
        return;
      case 'MoneyOutReserved':
        if (event.data.disbursement) await this.materializer.create(event.data.disbursement, metadata);
        return;
      case 'DisbursementCompleted':
        await apply(event.data.currency, {
          type: 'CompleteMoneyOut',
          movementId: event.data.disbursementId,
          currency: event.data.currency,
          amount: event.data.amount,
          now: new Date(event.data.completedAt),
        });
        return;
      case 'DisbursementFailed':
        await apply(event.data.currency, {
          type: 'FailMoneyOut',
          movementId: event.data.disbursementId,
          currency: event.data.currency,
          amount: event.data.amount,
          failureCode: event.data.failureCode,
          now: new Date(event.data.failedAt),
        });
        return;
    }
  }
}
