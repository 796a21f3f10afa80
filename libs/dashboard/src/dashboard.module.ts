import { LedgerModule } from '@gateway/ledger';
import { WebhooksModule } from '@gateway/webhooks';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ChangeDashboardRoleHandler } from './application/change-role/change-role.handler';
import { CreateDashboardUserHandler } from './application/create-user/create-user.handler';
import { ListDashboardUsersHandler } from './application/list-users/list-users.handler';
import { RecordDashboardActionHandler } from './application/record-action/record-action.handler';
import { RemoveDashboardUserHandler } from './application/remove-user/remove-user.handler';
import { SignInHandler } from './application/sign-in/sign-in.handler';
import { SignOutHandler } from './application/sign-out/sign-out.handler';
import { TeamRunner } from './application/team-runner';
import './http/kit/dashboard-errors';
import { DashboardErrorFilter } from './http/kit/dashboard-error.filter';
import { DashboardSessionGuard } from './http/kit/dashboard-session.guard';
import { CallbacksController } from './http/pages/callbacks.controller';
import { DevelopersController } from './http/pages/developers.controller';
import { CardChargesTransactionSource, CardRefundsTransactionSource } from './http/pages/card-transactions.source';
import { DisbursementsTransactionSource } from './http/pages/disbursements.source';
import { EwalletPaymentsTransactionSource } from './http/pages/ewallet-payments.source';
import { InvoicesTransactionSource } from './http/pages/invoices.source';
import { PaymentCodePaymentsTransactionSource } from './http/pages/payment-code-payments.source';
import { VirtualAccountPaymentsTransactionSource } from './http/pages/va-payments.source';
import { PaymentSimulationsController } from './http/pages/payment-simulations.controller';
import { OverviewController } from './http/pages/overview.controller';
import { ReportsPageController } from './http/pages/reports.controller';
import { SettingsPageController } from './http/pages/settings.controller';
import { TeamController } from './http/pages/team.controller';
import { TestToolsController } from './http/pages/test-tools.controller';
import { TRANSACTION_SOURCES } from './http/pages/transaction-source';
import { TransactionsController } from './http/pages/transactions.controller';
import { SignInController } from './http/sign-in.controller';
import { CredentialsStore } from './read-models/credentials-store';
import { DashboardUsersProjection } from './read-models/dashboard-users.projection';
import { SessionStore } from './read-models/session-store';
import { SignInThrottle } from './read-models/sign-in-throttle';

/** Products whose resources the transactions page searches; add each product's source as it lands. */
const transactionSources = [
  CardChargesTransactionSource,
  CardRefundsTransactionSource,
  InvoicesTransactionSource,
  VirtualAccountPaymentsTransactionSource,
  PaymentCodePaymentsTransactionSource,
  EwalletPaymentsTransactionSource,
  DisbursementsTransactionSource,
];

/**
 * The merchant dashboard: server-rendered pages under /dashboard on the api, behind its own
 * session guard, calling each context's CommandBus/QueryBus like the API does.
 */
@Module({
  imports: [CqrsModule, LedgerModule, WebhooksModule],
  controllers: [
    SignInController,
    OverviewController,
    TransactionsController,
    CallbacksController,
    DevelopersController,
    ReportsPageController,
    SettingsPageController,
    TestToolsController,
    PaymentSimulationsController,
    TeamController,
  ],
  providers: [
    TeamRunner,
    CredentialsStore,
    SessionStore,
    SignInThrottle,
    DashboardUsersProjection,
    DashboardSessionGuard,
    DashboardErrorFilter,
    CreateDashboardUserHandler,
    ChangeDashboardRoleHandler,
    RemoveDashboardUserHandler,
    SignInHandler,
    SignOutHandler,
    RecordDashboardActionHandler,
    ListDashboardUsersHandler,
    ...transactionSources,
    { provide: TRANSACTION_SOURCES, useFactory: (...sources: unknown[]) => sources, inject: transactionSources },
  ],
})
export class DashboardModule {}
