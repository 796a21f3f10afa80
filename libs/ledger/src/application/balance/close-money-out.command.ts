import type { CommandMetadata, GlobalPosition } from '@gateway/event-store';
import { Command } from '@nestjs/cqrs';
import type { BalanceScope } from './balance-scope';

export interface MoneyOutClosing {
  /** True when this command closed the reservation; false when it was not open (unknown, or closed before). */
  closed: boolean;
  position?: GlobalPosition;
}

/** The money-out reached its recipient: the reservation leaves HOLDING (for the rail, or the payer of a refund). */
export class CompleteMoneyOutCommand extends Command<MoneyOutClosing> {
  constructor(
    readonly scope: BalanceScope,
    readonly movementId: string,
    readonly metadata: CommandMetadata,
    readonly now: Date,
    /** A deterministic event id (a process manager's reaction), or a random one. */
    readonly eventId?: string,
  ) {
    super();
  }
}

/** The money-out failed: the reservation is released, its money back in CASH. */
export class FailMoneyOutCommand extends Command<MoneyOutClosing> {
  constructor(
    readonly scope: BalanceScope,
    readonly movementId: string,
    readonly failureCode: string,
    readonly metadata: CommandMetadata,
    readonly now: Date,
    readonly eventId?: string,
  ) {
    super();
  }
}
