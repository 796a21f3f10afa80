import type { RecordedEvent } from '@gateway/event-store';
import {
  balanceReactionId,
  CompleteMoneyOutCommand,
  FailMoneyOutCommand,
  type MoneyOutReserved,
} from '@gateway/ledger';
import { type Projection, reactionMetadata, reactToAll, ReadModelProjection } from '@gateway/projections';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { DisbursementCompleted, DisbursementFailed, DisbursementSnapshot } from '../../domain/disbursement.events';
import { DisbursementMaterializer } from '../disbursement-materializer';

/**
 * The checkpoint name this subscription has always had (it also credited the balance until the
 * ledger took the balance aggregate over in issue 18): kept, so it resumes where it was.
 */
export const MONEY_OUT_PROCESS = 'disbursements.balance-process';

type Followed = MoneyOutReserved | DisbursementCompleted | DisbursementFailed;

/**
 * A durable subscription (a projection without tables: the runner gives it a checkpoint and a
 * lease) that keeps the ledger's balance aggregate in step with disbursements:
 * - a disbursement's end closes its reservation (CompleteMoneyOut / FailMoneyOut);
 * - every disbursement reservation gets its disbursement stream (crash between the two appends).
 * Both are idempotent: closing a reservation that is not open appends nothing, the stream is
 * created with `no_stream`, and each closing carries an event id derived from its source event.
 */
@ReadModelProjection()
@Injectable()
export class MoneyOutProcessManager implements Projection {
  readonly name = MONEY_OUT_PROCESS;
  readonly tables: string[] = [];
  readonly eventTypes = ['MoneyOutReserved', 'DisbursementCompleted', 'DisbursementFailed'];

  constructor(
    private readonly commands: CommandBus,
    private readonly materializer: DisbursementMaterializer,
  ) {}

  /**
   * Every reaction of the batch is started at once, in log order (the ledger's BalanceWriter
   * appends a stream's queued commands together). None depends on another's outcome: a
   * reservation is closed once whatever the order, and creating a stream is independent. The
   * batch still fails (and is applied again, harmlessly) if any reaction fails.
   */
  async apply(events: RecordedEvent[]): Promise<void> {
    await reactToAll(events, (recorded) => this.react(recorded));
  }

  private async react(recorded: RecordedEvent): Promise<void> {
    const metadata = reactionMetadata(recorded, 'system:balance-process');
    if (!metadata) return;
    const { businessId, mode } = metadata;
    const event = { type: recorded.type, data: recorded.data } as Followed;
    switch (event.type) {
      case 'MoneyOutReserved': {
        // Only disbursements (a reservation without kind is one, from before refunds reserved).
        const snapshot = event.data.disbursement as DisbursementSnapshot | undefined;
        if ((event.data.kind ?? 'disbursement') === 'disbursement' && snapshot)
          await this.materializer.create(snapshot, metadata);
        return;
      }
      case 'DisbursementCompleted': {
        const scope = { businessId, mode, currency: event.data.currency };
        await this.commands.execute(
          new CompleteMoneyOutCommand(
            scope,
            event.data.disbursementId,
            metadata,
            new Date(event.data.completedAt),
            balanceReactionId(recorded.id),
          ),
        );
        return;
      }
      case 'DisbursementFailed': {
        const scope = { businessId, mode, currency: event.data.currency };
        await this.commands.execute(
          new FailMoneyOutCommand(
            scope,
            event.data.disbursementId,
            event.data.failureCode,
            metadata,
            new Date(event.data.failedAt),
            balanceReactionId(recorded.id),
          ),
        );
        return;
      }
    }
  }
}
