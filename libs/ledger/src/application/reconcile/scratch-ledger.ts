import type { RecordedEvent } from '@gateway/event-store';
import type { LedgerAccount } from '../../domain/ledger-accounts';
import { isMoneyMovementEvent, type MoneyMovementEvent } from '../../domain/money-movement.events';
import { postingsFor } from '../../domain/postings';
import type { OverdraftFinding } from './reconciliation-report';

/**
 * Accounts that must never be below zero at any moment:
 * - CASH: every debit of it is reserved first on the balance aggregate, which refuses what
 *   CASH does not cover (docs/ledger.md, "The balance authority");
 * - HOLDING: per movement it is credited first (money received, money out reserved) and debited
 *   later by at most that amount (settled; completed or failed), each in a later event of the
 *   log, so no moment can see it below zero.
 */
export const NEVER_NEGATIVE: readonly LedgerAccount[] = ['CASH', 'HOLDING'];
/** Findings listed in a report (all are counted): enough to locate a problem, bounded in size. */
export const MAX_LISTED_OVERDRAFTS = 1000;

/**
 * A journal in memory, fed straight from the event log in log order with the same pure postings
 * as the live projection: what the balances must be if the live journal is right, and every
 * moment an account that must not go negative did.
 */
export class ScratchLedger {
  readonly balances = new Map<string, bigint>();
  readonly overdrafts: OverdraftFinding[] = [];
  overdraftCount = 0;
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
      const balance = (this.balances.get(key) ?? 0n) + posting.amount;
      this.balances.set(key, balance);
      // A moment of overdraft: this event took the account (further) below zero.
      if (posting.amount < 0n && balance < 0n && NEVER_NEGATIVE.includes(posting.account)) {
        this.overdraftCount += 1;
        if (this.overdrafts.length < MAX_LISTED_OVERDRAFTS) {
          this.overdrafts.push({
            businessId,
            mode,
            currency: transaction.currency,
            account: posting.account,
            eventId: recorded.id,
            eventType: recorded.type,
            streamName: recorded.streamName,
            position: { commit: recorded.position.commit.toString(), prepare: recorded.position.prepare.toString() },
            amount: posting.amount.toString(),
            balance: balance.toString(),
          });
        }
      }
    }
  }
}
