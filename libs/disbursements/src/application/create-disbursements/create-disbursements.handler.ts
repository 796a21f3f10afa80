import { GetSettingsQuery } from '@gateway/accounts';
import { comparePositions, type GlobalPosition } from '@gateway/event-store';
import { LEDGER_PROJECTION } from '@gateway/ledger';
import { Clock, IdGenerator, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { balanceStream } from '../../domain/balance.events';
import { DISBURSEMENT_CURRENCY, disbursementDecider } from '../../domain/disbursement.decider';
import { DisbursementErrors } from '../../domain/disbursement.errors';
import type { DisbursementSnapshot } from '../../domain/disbursement.events';
import { DISBURSEMENTS_PROJECTION } from '../../read-models/disbursements.projection';
import { BalanceWriter } from '../balance/balance-writer';
import { DisbursementMaterializer } from '../disbursement-materializer';
import type { DisbursementView } from '../disbursement-view';
import { PayoutRailPolicy } from '../payout-rail-policy';
import { CreateDisbursementsCommand } from './create-disbursements.command';

@CommandHandler(CreateDisbursementsCommand)
export class CreateDisbursementsHandler implements ICommandHandler<CreateDisbursementsCommand, DisbursementView[]> {
  constructor(
    private readonly balances: BalanceWriter,
    private readonly materializer: DisbursementMaterializer,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly queries: QueryBus,
    private readonly progress: ProjectionProgress,
    private readonly rails: PayoutRailPolicy,
  ) {}

  async execute(command: CreateDisbursementsCommand): Promise<DisbursementView[]> {
    const { businessId, mode } = command;
    const settings = await this.queries.execute(new GetSettingsQuery(businessId, mode));
    const defaultDescription = settings?.settings.defaultDisbursementDescription;
    const now = await this.clock.now({ businessId, mode });

    // Every spec rule first (pure): nothing is reserved for a request that would be refused.
    const snapshots: DisbursementSnapshot[] = command.items.map((item) => {
      const [created] = disbursementDecider.decide(
        {
          type: 'CreateDisbursement',
          disbursementId: this.ids.uuid().replace(/-/g, '').slice(0, 24),
          businessId,
          mode,
          externalId: item.externalId,
          amount: item.amount,
          bankCode: item.bankCode,
          accountHolderName: item.accountHolderName,
          accountNumber: item.accountNumber,
          description: item.description ?? defaultDescription,
          batchId: command.batchId,
          now,
        },
        disbursementDecider.initialState,
      );
      const { status: _pending, ...snapshot } = created.data as DisbursementSnapshot & { status: string };
      return snapshot;
    });
    if (!this.rails.available(mode)) throw DisbursementErrors.liveRailUnavailable();

    const metadata = toCommandMetadata(command.context, now, { businessId, mode });
    // The commit point: money reserved (or refused) against the balance aggregate.
    const reserved = await this.balances.execute(
      balanceStream(businessId, mode, DISBURSEMENT_CURRENCY),
      { type: 'ReserveMoneyOut', currency: DISBURSEMENT_CURRENCY, items: snapshots, now },
      metadata,
    );
    let last: GlobalPosition | undefined = reserved.appended?.position;
    const created = await Promise.all(snapshots.map((snapshot) => this.materializer.materialize(snapshot, metadata)));
    for (const position of created) if (!last || comparePositions(position, last) > 0) last = position;
    // Read-your-writes for the disbursement and for GET /balance (the reservation's postings).
    if (last) await this.progress.waitFor([DISBURSEMENTS_PROJECTION, LEDGER_PROJECTION], last, 10_000);
    return snapshots.map((snapshot) => ({ ...snapshot, status: 'PENDING', updatedAt: snapshot.createdAt }));
  }
}
