import type { RecordedEvent } from '@gateway/event-store';
import { isMoneyMovementEvent, type MoneyMovementEvent } from '../../domain/money-movement.events';
import { postingsFor } from '../../domain/postings';

/**
 * A journal in memory, fed straight from the event log with the same pure postings as the live
 * projection: what the balances must be if the live journal is right.
 */
export class ScratchLedger {
  readonly balances = new Map<string, bigint>();
  private readonly seen = new Set<string>();
  events = 0;

  constructor(private readonly scope: { businessId?: string; mode?: string }) {}

  static key(businessId: string, mode: string, currency: string, account: string): string {
    return `${businessId}|${mode}|${currency}|${account}`;
  }

  apply(recorded: RecordedEvent): void {
    const event = { type: recorded.type, data: recorded.data } as MoneyMovementEvent;
    if (!isMoneyMovementEvent(event)) return;
    const { businessId, mode } = recorded.metadata;
    if (!businessId || !mode) return;
    if (this.scope.businessId && businessId !== this.scope.businessId) return;
    if (this.scope.mode && mode !== this.scope.mode) return;
    if (this.seen.has(recorded.id)) return;
    this.seen.add(recorded.id);
    this.events += 1;
    const transaction = postingsFor(event);
    for (const posting of transaction.postings) {
      const key = ScratchLedger.key(businessId, mode, transaction.currency, posting.account);
      this.balances.set(key, (this.balances.get(key) ?? 0n) + posting.amount);
    }
  }
}
