import { EVENT_STORE, type EventStore, type GlobalPosition } from '@gateway/event-store';
import { Clock } from '@gateway/clock';
import { ProjectionProgress } from '@gateway/projections';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { MoneyInReceived } from '../../domain/money-movement.events';
import { LEDGER_BALANCE_PROCESS } from '../balance/balance-process-manager';
import { SettlementAppender } from '../settle-payment/settlement-appender';
import { type EarlySettlement, SettleEarlyCommand } from './settle-early.command';

/** How long the balance process may take to credit the settlement before the caller is told to retry. */
const CREDIT_TIMEOUT_MS = 10_000;

@CommandHandler(SettleEarlyCommand)
export class SettleEarlyHandler implements ICommandHandler<SettleEarlyCommand, EarlySettlement> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly settlements: SettlementAppender,
    private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
  ) {}

  async execute(command: SettleEarlyCommand): Promise<EarlySettlement> {
    const { businessId, mode, movementId } = command;
    const events = await this.store.readStream(command.receivedIn);
    const received = events.find(
      (event) =>
        event.type === 'MoneyInReceived' &&
        (event.data as MoneyInReceived['data']).movementId === movementId &&
        event.metadata.businessId === businessId &&
        event.metadata.mode === mode,
    );
    if (!received) return 'not-received';
    const data = received.data as MoneyInReceived['data'];
    if (data.settledBySource) {
      // Its MoneyInSettled was appended with it: once the process has passed it, it is credited.
      const settled = events.find(
        (event) => event.type === 'MoneyInSettled' && (event.data as { movementId: string }).movementId === movementId,
      );
      await this.creditedAt(settled?.position ?? received.position);
      return 'settled-by-source';
    }
    const now = await this.clock.now({ businessId, mode });
    const appended = await this.settlements.settle({
      movementId,
      currency: data.currency,
      amount: data.grossAmount - data.fee - data.feeTax,
      businessId,
      mode,
      causationId: received.id,
      correlationId: command.context.requestId,
      at: now,
    });
    const position = appended?.position ?? (await this.settlements.settledAt(movementId));
    if (!position) throw new Error(`Settlement of ${movementId} was neither appended nor found`);
    await this.creditedAt(position);
    return appended ? 'settled-now' : 'settled-before';
  }

  /** Waits until the balance aggregate has the credit; a retryable error when it does not come. */
  private async creditedAt(position: GlobalPosition): Promise<void> {
    if (!(await this.progress.waitFor(LEDGER_BALANCE_PROCESS, position, CREDIT_TIMEOUT_MS))) {
      throw new Error(
        `The balance was not credited with the settlement at ${position.commit}/${position.prepare} within ` +
          `${CREDIT_TIMEOUT_MS} ms`,
      );
    }
  }
}
