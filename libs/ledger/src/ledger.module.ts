import { JournalReader } from './application/read-journal/journal-reader';
import { LedgerAuditedResources } from './application/ledger-audited-resources';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { LEDGER_BALANCE_PROCESS, LedgerBalanceProcess } from './application/balance/balance-process-manager';
import { BalanceWriter } from './application/balance/balance-writer';
import { CompleteMoneyOutHandler, FailMoneyOutHandler } from './application/balance/close-money-out.handler';
import { ReserveMoneyOutHandler } from './application/balance/reserve-money-out.handler';
import { GetBalanceHandler } from './application/get-balance/get-balance.handler';
import { ListBalancesHandler } from './application/list-balances/list-balances.handler';
import { registerMoneyInFollower } from './application/money-in-followers';
import { ReconcileLedgerHandler } from './application/reconcile/reconcile-ledger.handler';
import {
  LatestReconciliationHandler,
  RunReconciliationHandler,
} from './application/reconciliation-runs/reconciliation-runs.handlers';
import { SettleEarlyHandler } from './application/settle-early/settle-early.handler';
import { SettlePaymentJob } from './application/settle-payment/settle-payment.job';
import { SettlementAppender } from './application/settle-payment/settlement-appender';
import { SettlementPolicy } from './application/settle-payment/settlement-policy';
import { TopUpBalanceHandler } from './application/top-up/top-up.handler';
import { BalanceController } from './http/balance.controller';
import { ReconciliationController } from './http/reconciliation.controller';
import { LedgerJournalProjection } from './read-models/ledger-journal.projection';
import { providersByRole } from '@gateway/runtime';

// A top-up (or any money in) answers only once the balance aggregate can spend it.
registerMoneyInFollower(LEDGER_BALANCE_PROCESS);

/** Its providers, grouped by role (each role's group is documented on ProvidersByRole). */
const providers = providersByRole({
  commandHandlers: [
    SettleEarlyHandler,
    TopUpBalanceHandler,
    RunReconciliationHandler,
    ReserveMoneyOutHandler,
    CompleteMoneyOutHandler,
    FailMoneyOutHandler,
  ],
  queryHandlers: [GetBalanceHandler, ListBalancesHandler, ReconcileLedgerHandler, LatestReconciliationHandler],
  projections: [LedgerJournalProjection],
  followers: [LedgerBalanceProcess],
  jobs: [SettlePaymentJob],
  auditedResources: [LedgerAuditedResources],
  services: [JournalReader, SettlementPolicy, SettlementAppender, BalanceWriter],
});

/**
 * The double-entry journal, balances, settlement, test top-ups, reconciliation, and the balance
 * aggregate: the one authority that decides every debit of CASH (issue 18).
 */
@Module({
  imports: [CqrsModule],
  controllers: [BalanceController, ReconciliationController],
  exports: [JournalReader],
  providers,
})
export class LedgerModule {}
