import {
  balanceReactionId,
  CompleteMoneyOutCommand,
  FailMoneyOutCommand,
  type MoneyOutReserved,
} from '@gateway/ledger';
import type { RecordedEvent } from '@gateway/event-store';
import { EventFollower, type Followed, Follower, reactionMetadata, reactToAll } from '@gateway/projections';
import { CommandBus } from '@nestjs/cqrs';
import type {
  DisbursementCompleted,
  DisbursementCreated,
  DisbursementFailed,
  DisbursementSnapshot,
} from '../../domain/disbursement.events';
import { DisbursementMaterializer } from '../disbursement-materializer';

/**
 * The checkpoint name this subscription has always had (it also credited the balance until the
 * ledger took the balance aggregate over in issue 18): kept, so it resumes where it was.
 */
export const MONEY_OUT_PROCESS = 'disbursements.balance-process';

type MoneyOutEvent = MoneyOutReserved | DisbursementCreated | DisbursementCompleted | DisbursementFailed;

/**
 * A follower that keeps the ledger's balance aggregate in step with disbursements:
 * - a disbursement's end closes its reservation (CompleteMoneyOut / FailMoneyOut);
 * - every disbursement reservation gets its disbursement stream (crash between the two appends).
 * Both are idempotent: closing a reservation that is not open appends nothing, the stream is
 * created with `no_stream`, and each closing carries an event id derived from its source event.
 *
 * It reads the creations too, only to skip creating what is already there: the request's handler
 * appends the creation right after the reservation, so both nearly always arrive in one batch, and
 * a `no_stream` append that was bound to fail would cost a statement and a commit's share for every
 * disbursement. A creation not in the batch (a slow or crashed handler) leaves the create as it was.
 */
@Follower()
export class MoneyOutProcessManager extends EventFollower<MoneyOutEvent> {
  constructor(
    private readonly commands: CommandBus,
    private readonly materializer: DisbursementMaterializer,
  ) {
    // A batch's reactions start together, in log order (the ledger's BalanceWriter appends a
    // stream's queued commands together). None depends on another's outcome: a reservation is
    // closed once whatever the order, and creating a stream is independent. (A failed one fails
    // the batch, applied again harmlessly.)
    super(
      MONEY_OUT_PROCESS,
      ['MoneyOutReserved', 'DisbursementCreated', 'DisbursementCompleted', 'DisbursementFailed'],
      'together',
    );
  }

  override async apply(events: RecordedEvent[]): Promise<void> {
    const createdInBatch = new Set(
      events
        .filter((event) => event.type === 'DisbursementCreated')
        .map((event) => (event.data as DisbursementCreated['data']).disbursementId),
    );
    await reactToAll(events, (event) => this.react(event as Followed<MoneyOutEvent>, createdInBatch));
  }

  protected follow(event: Followed<MoneyOutEvent>): Promise<void> {
    return this.react(event, new Set());
  }

  private async react(event: Followed<MoneyOutEvent>, createdInBatch: ReadonlySet<string>): Promise<void> {
    const metadata = reactionMetadata(event, 'system:balance-process');
    if (!metadata) return;
    const { businessId, mode } = metadata;
    switch (event.type) {
      case 'MoneyOutReserved': {
        // Only disbursements (a reservation without kind is one, from before refunds reserved).
        const snapshot = event.data.disbursement as DisbursementSnapshot | undefined;
        // The disbursement is its requester's, whoever appends it first (the request's handler, or
        // this follower when the handler is slower or crashed): its creation names the requester, as
        // the reservation does, so the audit trail does not depend on which of the two won.
        if (
          (event.data.kind ?? 'disbursement') === 'disbursement' &&
          snapshot &&
          !createdInBatch.has(snapshot.disbursementId)
        )
          await this.materializer.create(snapshot, { ...metadata, actor: event.metadata.actor });
        return;
      }
      case 'DisbursementCreated':
        return; // read for `createdInBatch` only
      case 'DisbursementCompleted':
      case 'DisbursementFailed': {
        const { disbursementId, currency } = event.data;
        const scope = { businessId, mode, currency };
        const reactionId = balanceReactionId(event.id);
        await this.commands.execute(
          event.type === 'DisbursementCompleted'
            ? new CompleteMoneyOutCommand(scope, disbursementId, metadata, new Date(event.data.completedAt), reactionId)
            : new FailMoneyOutCommand(
                scope,
                disbursementId,
                event.data.failureCode,
                metadata,
                new Date(event.data.failedAt),
                reactionId,
              ),
        );
        return;
      }
    }
  }
}
