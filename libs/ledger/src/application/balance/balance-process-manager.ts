import { EventFollower, type Followed, Follower, reactionMetadata } from '@gateway/projections';
import { balanceStream } from '../../domain/balance.events';
import type { MoneyInRefunded, MoneyInSettled } from '../../domain/money-movement.events';
import { balanceReactionId } from './balance-reaction-id';
import { BalanceWriter } from './balance-writer';

export const LEDGER_BALANCE_PROCESS = 'ledger.balance-process';

type MoneyInEvent = MoneyInSettled | MoneyInRefunded;

/**
 * A follower that brings money IN to the balance aggregate: settled money credits it; an old
 * log's `MoneyInRefunded` (refunds before they reserved) debits it, so such logs replay
 * identically. Money OUT is decided on the aggregate itself (ReserveMoneyOutCommand) by the
 * context paying it.
 *
 * Each reaction is appended with an event id derived from the source event's id, so a batch
 * replayed after a crash changes nothing. Until issue 18 the disbursements context ran this
 * as part of `disbursements.balance-process`; a migration starts this one at that checkpoint.
 */
@Follower()
export class LedgerBalanceProcess extends EventFollower<MoneyInEvent> {
  constructor(private readonly balances: BalanceWriter) {
    // A batch's reactions start together, in log order. `BalanceWriter` queues the commands of
    // each balance stream in the order they are given and appends a queue's commands together,
    // so a merchant's day of settlements costs a few appends, not one round trip each. Nothing
    // is lost by not waiting for one before the next: a credit or an old debit can only be
    // refused for the event's own bad amount, so an earlier refusal could never change a later
    // outcome. (A failed one fails the batch, applied again without duplicates.)
    super(LEDGER_BALANCE_PROCESS, ['MoneyInSettled', 'MoneyInRefunded'], 'together');
  }

  protected async follow(event: Followed<MoneyInEvent>): Promise<void> {
    const metadata = reactionMetadata(event, 'system:balance-process');
    if (!metadata) return;
    const { businessId, mode } = metadata;
    const { movementId, currency, amount } = event.data;
    await this.balances.execute(
      balanceStream(businessId, mode, currency),
      {
        type: event.type === 'MoneyInSettled' ? 'CreditBalance' : 'DebitBalance',
        movementId,
        sourceEventId: event.id,
        currency,
        amount,
      },
      metadata,
      [balanceReactionId(event.id)],
    );
  }
}
