import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { reservationStatus } from '../../domain/balance.decider';
import { BalanceWriter } from './balance-writer';
import { balanceStreamOf } from './balance-scope';
import { type MoneyOutReservation, ReserveMoneyOutCommand, type ReservedItem } from './reserve-money-out.command';

@CommandHandler(ReserveMoneyOutCommand)
export class ReserveMoneyOutHandler implements ICommandHandler<ReserveMoneyOutCommand, MoneyOutReservation> {
  constructor(private readonly balances: BalanceWriter) {}

  async execute(command: ReserveMoneyOutCommand): Promise<MoneyOutReservation> {
    const { scope, items, metadata, now } = command;
    const outcome = await this.balances.execute(
      balanceStreamOf(scope),
      { type: 'ReserveMoneyOut', currency: scope.currency, items, now },
      metadata,
    );
    const decidedNow = new Map(
      outcome.events.map((event) => [
        event.data.movementId,
        event.type === 'MoneyOutDeclined' ? ('declined' as const) : ('open' as const),
      ]),
    );
    return {
      items: items.map((item): ReservedItem => {
        const decided = decidedNow.get(item.movementId);
        if (decided) return { movementId: item.movementId, status: decided, decidedNow: true };
        const before = outcome.decidedOn ? reservationStatus(outcome.decidedOn, item.movementId) : 'unknown';
        // `unknown` cannot happen: a new item either appends or throws.
        if (before === 'unknown') throw new Error(`Reservation of ${item.movementId} was neither made nor found`);
        return { movementId: item.movementId, status: before, decidedNow: false };
      }),
      ...(outcome.appended && { position: outcome.appended.position }),
    };
  }
}
