import type { RecordedEvent } from '@gateway/event-store';
import { type Projection, reactionMetadata, reactToAll, ReadModelProjection } from '@gateway/projections';
import { Injectable } from '@nestjs/common';
import { balanceStream } from '../../domain/balance.events';
import type { MoneyInRefunded, MoneyInSettled } from '../../domain/money-movement.events';
import { balanceReactionId } from './balance-reaction-id';
import { BalanceWriter } from './balance-writer';

export const LEDGER_BALANCE_PROCESS = 'ledger.balance-process';

type Followed = MoneyInSettled | MoneyInRefunded;

/**
 * A durable subscription (a projection without tables: the runner gives it a checkpoint and a
 * lease) that brings money IN to the balance aggregate: settled money credits it; an old log's
 * `MoneyInRefunded` (refunds before they reserved) debits it, so such logs replay identically.
 * Money OUT is decided on the aggregate itself (ReserveMoneyOutCommand) by the context paying it.
 *
 * Each reaction is appended with an event id derived from the source event's id, so a batch
 * replayed after a crash changes nothing. Until issue 18 the disbursements context ran this
 * as part of `disbursements.balance-process`; a migration starts this one at that checkpoint.
 */
@ReadModelProjection()
@Injectable()
export class LedgerBalanceProcess implements Projection {
  readonly name = LEDGER_BALANCE_PROCESS;
  readonly tables: string[] = [];
  readonly eventTypes = ['MoneyInSettled', 'MoneyInRefunded'];

  constructor(private readonly balances: BalanceWriter) {}

  /**
   * Every reaction of the batch is started at once, in log order. `BalanceWriter` queues the
   * commands of each balance stream in the order they are given and appends a queue's commands
   * together, so a merchant's day of settlements costs a few appends, not one round trip each.
   * Nothing is lost by not waiting for one before the next: a credit or an old debit can only be
   * refused for the event's own bad amount, so an earlier refusal could never change a later
   * outcome. The batch still fails (and is applied again, without duplicates) if any reaction fails.
   */
  async apply(events: RecordedEvent[]): Promise<void> {
    await reactToAll(events, (recorded) => this.react(recorded));
  }

  private async react(recorded: RecordedEvent): Promise<void> {
    const metadata = reactionMetadata(recorded, 'system:balance-process');
    if (!metadata) return;
    const { businessId, mode } = metadata;
    const event = { type: recorded.type, data: recorded.data } as Followed;
    const { movementId, currency, amount } = event.data;
    await this.balances.execute(
      balanceStream(businessId, mode, currency),
      {
        type: event.type === 'MoneyInSettled' ? 'CreditBalance' : 'DebitBalance',
        movementId,
        sourceEventId: recorded.id,
        currency,
        amount,
      },
      metadata,
      [balanceReactionId(recorded.id)],
    );
  }
}
