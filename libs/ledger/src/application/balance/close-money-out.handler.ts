import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BalanceWriter } from './balance-writer';
import { balanceStreamOf } from './balance-scope';
import { CompleteMoneyOutCommand, FailMoneyOutCommand, type MoneyOutClosing } from './close-money-out.command';

@CommandHandler(CompleteMoneyOutCommand)
export class CompleteMoneyOutHandler implements ICommandHandler<CompleteMoneyOutCommand, MoneyOutClosing> {
  constructor(private readonly balances: BalanceWriter) {}

  async execute({ scope, movementId, metadata, now, eventId }: CompleteMoneyOutCommand): Promise<MoneyOutClosing> {
    const outcome = await this.balances.execute(
      balanceStreamOf(scope),
      { type: 'CompleteMoneyOut', movementId, currency: scope.currency, now },
      metadata,
      eventId ? [eventId] : undefined,
    );
    return { closed: outcome.events.length > 0, ...(outcome.appended && { position: outcome.appended.position }) };
  }
}

@CommandHandler(FailMoneyOutCommand)
export class FailMoneyOutHandler implements ICommandHandler<FailMoneyOutCommand, MoneyOutClosing> {
  constructor(private readonly balances: BalanceWriter) {}

  async execute({
    scope,
    movementId,
    failureCode,
    metadata,
    now,
    eventId,
  }: FailMoneyOutCommand): Promise<MoneyOutClosing> {
    const outcome = await this.balances.execute(
      balanceStreamOf(scope),
      { type: 'FailMoneyOut', movementId, currency: scope.currency, failureCode, now },
      metadata,
      eventId ? [eventId] : undefined,
    );
    return { closed: outcome.events.length > 0, ...(outcome.appended && { position: outcome.appended.position }) };
  }
}
