import type { CommandMetadata, GlobalPosition } from '@gateway/event-store';
import { Command } from '@nestjs/cqrs';
import type { MoneyOutItem, ReservationStatus } from '../../domain/balance.decider';
import type { BalanceScope } from './balance-scope';

export interface ReservedItem {
  movementId: string;
  /** `open`: the money is reserved (by this command or before); `declined`: a refund the balance could not cover. */
  status: Exclude<ReservationStatus, 'unknown'>;
  /** False when the movement had been decided before (a re-execution): nothing was appended for it. */
  decidedNow: boolean;
}

export interface MoneyOutReservation {
  /** One per item, in the order given. */
  items: ReservedItem[];
  /** Where this command's events are in the log (absent when it appended none). */
  position?: GlobalPosition;
}

/**
 * Reserve money out of CASH (design §4, issue 18): one or several items, all or none, decided by
 * the balance aggregate. Throws `InsufficientBalanceError` when CASH cannot cover the new
 * disbursement items; refunds it cannot cover come back `declined`. Idempotent by movement id.
 */
export class ReserveMoneyOutCommand extends Command<MoneyOutReservation> {
  constructor(
    readonly scope: BalanceScope,
    readonly items: MoneyOutItem[],
    readonly metadata: CommandMetadata,
    readonly now: Date,
  ) {
    super();
  }
}
