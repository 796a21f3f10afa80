import { JournalReader } from './application/read-journal/journal-reader';
import { LedgerAuditedResources } from './application/ledger-audited-resources';
import { registerErrorStatuses } from '@gateway/platform';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { GetBalanceHandler } from './application/get-balance/get-balance.handler';
import { ListBalancesHandler } from './application/list-balances/list-balances.handler';
import { ReconcileLedgerHandler } from './application/reconcile/reconcile-ledger.handler';
import { SettlePaymentJob } from './application/settle-payment/settle-payment.job';
import { SettlementPolicy } from './application/settle-payment/settlement-policy';
import { TopUpBalanceHandler } from './application/top-up/top-up.handler';
import { BalanceController } from './http/balance.controller';
import { ReconciliationController } from './http/reconciliation.controller';
import { LedgerJournalProjection } from './read-models/ledger-journal.projection';

registerErrorStatuses({ TEST_MODE_ONLY_ERROR: 403 });

/** The double-entry journal, balances, settlement, test top-ups and reconciliation. */
@Module({
  imports: [CqrsModule],
  controllers: [BalanceController, ReconciliationController],
  exports: [JournalReader],
  providers: [JournalReader, LedgerAuditedResources, LedgerJournalProjection, SettlementPolicy, SettlePaymentJob, TopUpBalanceHandler, GetBalanceHandler, ListBalancesHandler, ReconcileLedgerHandler],
})
export class LedgerModule {}
