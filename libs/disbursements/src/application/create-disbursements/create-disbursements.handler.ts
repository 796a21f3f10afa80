import { GetSettingsQuery } from '@gateway/accounts';
import { DomainError } from '@gateway/domain';
import { CommandPipeline, comparePositions, type GlobalPosition, requestOrigin } from '@gateway/event-store';
import { balanceStream, InsufficientBalanceError, LEDGER_PROJECTION, ReserveMoneyOutCommand } from '@gateway/ledger';
import { IdGenerator } from '@gateway/runtime';
import { CommandBus, CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { DISBURSEMENT_CURRENCY, disbursementDecider } from '../../domain/disbursement.decider';
import { DisbursementErrors } from '../../domain/disbursement.errors';
import type { DisbursementSnapshot } from '../../domain/disbursement.events';
import { DISBURSEMENTS_PROJECTION } from '../../read-models/disbursements.projection';
import { DisbursementMaterializer } from '../disbursement-materializer';
import type { DisbursementView } from '../disbursement-view';
import { MONEY_OUT_PROCESS } from '../money-out/money-out-process-manager';
import { PayoutRailPolicy } from '../payout-rail-policy';
import { CreateDisbursementsCommand } from './create-disbursements.command';

@CommandHandler(CreateDisbursementsCommand)
export class CreateDisbursementsHandler implements ICommandHandler<CreateDisbursementsCommand, DisbursementView[]> {
  constructor(
    private readonly commands: CommandBus,
    private readonly materializer: DisbursementMaterializer,
    private readonly pipeline: CommandPipeline,
    private readonly ids: IdGenerator,
    private readonly queries: QueryBus,
    private readonly rails: PayoutRailPolicy,
  ) {}

  async execute(command: CreateDisbursementsCommand): Promise<DisbursementView[]> {
    const { businessId, mode } = command;
    const origin = requestOrigin(command);
    // Asked together, the settings and the (test) clock leave in one statement (CombinedLookups).
    const [settings, now] = await Promise.all([
      this.queries.execute(new GetSettingsQuery(businessId, mode)),
      this.pipeline.now(origin),
    ]);
    const defaultDescription = settings?.settings.defaultDisbursementDescription;

    // Every spec rule first (pure): nothing is reserved for a request that would be refused.
    // A batch's items are all checked, so its refusal names every failing item (index and field).
    const snapshots: DisbursementSnapshot[] = [];
    const refusals: { index: number; error: DomainError }[] = [];
    command.items.forEach((item, index) => {
      // Minted for every item, refused or not: a re-execution mints the same ids in the same order.
      const disbursementId = this.ids.uuid().replace(/-/g, '').slice(0, 24);
      try {
        const [created] = disbursementDecider.decide(
          {
            type: 'CreateDisbursement',
            disbursementId,
            businessId,
            mode,
            externalId: item.externalId,
            amount: item.amount,
            bankCode: item.bankCode,
            accountHolderName: item.accountHolderName,
            accountNumber: item.accountNumber,
            description: item.description ?? defaultDescription,
            batchId: command.batch?.id,
            ...(command.batch && { batchItem: { reference: command.batch.reference, index } }),
            now,
          },
          disbursementDecider.initialState,
        );
        const { status: _pending, ...snapshot } = created.data as DisbursementSnapshot & { status: string };
        snapshots.push(snapshot);
      } catch (error) {
        if (!command.batch || !(error instanceof DomainError)) throw error;
        refusals.push({ index, error });
      }
    });
    if (refusals.length > 0) throw DisbursementErrors.batchItemsRefused(refusals);
    if (!this.rails.available(mode)) throw DisbursementErrors.liveRailUnavailable();

    const metadata = this.pipeline.metadata(origin, now);
    // The commit point: money reserved (or refused) by the ledger's balance aggregate, which
    // decides every debit of this business's CASH (refunds too).
    const reserved = await this.commands
      .execute(
        new ReserveMoneyOutCommand(
          { businessId, mode, currency: DISBURSEMENT_CURRENCY },
          snapshots.map((snapshot) => ({
            movementId: snapshot.disbursementId,
            amount: snapshot.amount,
            kind: 'disbursement' as const,
            details: { ...snapshot },
          })),
          metadata,
          now,
        ),
      )
      .catch((error: unknown) => {
        if (error instanceof InsufficientBalanceError)
          throw DisbursementErrors.insufficientBalance(error.available, error.requested);
        throw error;
      });
    let last: GlobalPosition | undefined = reserved.position;
    const made = await Promise.all(
      snapshots.map((snapshot, index) =>
        reserved.items[index].decidedNow
          ? this.materializer.materialize(snapshot, metadata)
          : this.madeBefore(snapshot.disbursementId, businessId, mode),
      ),
    );
    for (const { position } of made) if (!last || comparePositions(position, last) > 0) last = position;
    // Read-your-writes for the disbursement and for GET /balance (the reservation's postings).
    const readYourWrites = { projection: [DISBURSEMENTS_PROJECTION, LEDGER_PROJECTION] };
    const balance = balanceStream(businessId, mode, DISBURSEMENT_CURRENCY);
    if (last) await this.pipeline.waitFor(readYourWrites, balance, last);
    return made.map(({ snapshot }) => ({ ...snapshot, status: 'PENDING', updatedAt: snapshot.createdAt }));
  }

  /**
   * A re-executed request (its ids derived from the same idempotency key) meets its own
   * reservation: it answers with the disbursement its first execution reserved, created from
   * that reservation (by the first execution, or by the process manager if it died in between).
   */
  private async madeBefore(
    disbursementId: string,
    businessId: string,
    mode: 'test' | 'live',
  ): Promise<{ position: GlobalPosition; snapshot: DisbursementSnapshot }> {
    const found = await this.materializer.existing(disbursementId);
    if (found) return found;
    // The process manager creates it from the reservation: wait until it has passed the balance's head.
    const balance = balanceStream(businessId, mode, DISBURSEMENT_CURRENCY);
    await this.pipeline.catchUp({ projection: MONEY_OUT_PROCESS }, balance);
    const created = await this.materializer.existing(disbursementId);
    if (!created) throw new Error(`Disbursement ${disbursementId} is reserved but was not created in time`);
    return created;
  }
}
