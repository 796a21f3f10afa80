import { LedgerModule } from '@gateway/ledger';
import { WebhooksModule } from '@gateway/webhooks';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AppConfig } from '@gateway/config';
import { DEFAULT_IDEMPOTENCY_OPTIONS, IdempotencyStore } from '@gateway/http-edge';
import { Pool } from 'pg';
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
import { PAYMENT_CODE_PAYMENTS, VA_PAYMENTS } from './http/pages/final-payment-kinds';
import { finalPaymentsSource } from './http/pages/final-payments.source';
import { PaymentSimulationsController } from './http/pages/test-tools/payment-simulations.controller';
import { TestPayments } from './http/pages/test-tools/test-payments';
import { TestToolsView } from './http/pages/test-tools/test-tools.view';
import { FinanceController } from './http/pages/finance/finance.controller';
import { FinanceReader } from './read-models/finance.reader';
import { DashboardMoneyProjection } from './read-models/dashboard-money.projection';
import { ReportsPageController } from './http/pages/reports.controller';
import { SettingsPageController } from './http/pages/settings.controller';
import { TeamController } from './http/pages/team.controller';
import { TestToolsController } from './http/pages/test-tools/test-tools.controller';
import { TRANSACTION_SOURCES } from './http/pages/transaction-source';
import { TransactionsController } from './http/pages/transactions.controller';
import { RequestLogPageController } from './http/pages/request-log.controller';
import { ListenPageController } from './http/pages/listen.controller';
import { TransactionDetailView } from './http/pages/transaction-detail.view';
import { ListView } from './http/pages/lists/list-view';
import { CardRefundController } from './http/pages/payments/card-refund.controller';
import { InvoiceActionsController } from './http/pages/payments/invoice-actions.controller';
import { TransactionActions } from './http/pages/payments/transaction-actions';
import { PayoutsController } from './http/pages/payouts/payouts.controller';
import { BatchPayoutsController } from './http/pages/payouts/batch-payouts.controller';
import { FixedVasController } from './http/pages/fixed-vas/fixed-vas.controller';
import { PaymentCodesController } from './http/pages/payment-codes/payment-codes.controller';
import { InstrumentPageTools } from './http/pages/instruments/instrument-pages.controller';
import { RecurringPlansController } from './http/pages/recurring/recurring-plans.controller';
import { CustomersController } from './http/pages/customers/customers.controller';
import { ResourceDetailView } from './http/pages/resource-detail.view';
import { DASHBOARD_IDEMPOTENCY, DashboardActionRunner } from './http/kit/action-runner';
import { DashboardListsProjection } from './read-models/dashboard-lists.projection';
import { ListRowsReader } from './read-models/list-rows.reader';
import { ListsFreshness } from './read-models/lists-freshness';
import { SignInController } from './http/sign-in.controller';
import { PasswordResetController } from './http/password-reset.controller';
import { AccountController } from './http/pages/account/account.controller';
import { AccountSecurityStore } from './read-models/account-security.store';
import { TeamSettingsReader } from './read-models/team-settings.reader';
import { DashboardMailer } from './application/mail/dashboard-mailer';
import { SendPasswordResetJob } from './application/mail/send-password-reset.job';
import { MailOutboxPurgeJob } from './application/mail/mail-outbox-purge.job';
import { ReconcileJob } from './application/reconcile/reconcile.job';
import { BatchPreviewStore } from './read-models/batch-preview.store';
import {
  ChangePasswordHandler,
  CompleteSignInHandler,
  ConfirmTwoFactorHandler,
  DisableTwoFactorHandler,
  RequestPasswordResetHandler,
  ResetPasswordHandler,
  ResetUserTwoFactorHandler,
  SetTeamTwoFactorHandler,
  StartTwoFactorHandler,
} from './application/account/account.handlers';
import { CredentialsStore } from './read-models/credentials-store';
import { DashboardUsersProjection } from './read-models/dashboard-users.projection';
import { SessionStore } from './read-models/session-store';
import { SignInThrottle } from './read-models/sign-in-throttle';

/** Products whose resources the transactions page searches; add each product's source as it lands. */
const transactionSources = [
  CardChargesTransactionSource,
  CardRefundsTransactionSource,
  InvoicesTransactionSource,
  finalPaymentsSource(VA_PAYMENTS),
  finalPaymentsSource(PAYMENT_CODE_PAYMENTS),
  EwalletPaymentsTransactionSource,
  DisbursementsTransactionSource,
];

/** Commands this context decides (each through the CommandPipeline). */
const commandHandlers = [
  CreateDashboardUserHandler,
  ChangeDashboardRoleHandler,
  RemoveDashboardUserHandler,
  SignInHandler,
  SignOutHandler,
  RecordDashboardActionHandler,
  ChangePasswordHandler,
  RequestPasswordResetHandler,
  ResetPasswordHandler,
  ResetUserTwoFactorHandler,
  StartTwoFactorHandler,
  ConfirmTwoFactorHandler,
  DisableTwoFactorHandler,
  SetTeamTwoFactorHandler,
  CompleteSignInHandler,
];
/** Queries answered from its read models. */
const queryHandlers = [ListDashboardUsersHandler];
/** Read models it builds from the log. */
const projections = [DashboardUsersProjection, DashboardListsProjection, DashboardMoneyProjection];
/** Durable scheduler jobs. */
const jobs = [SendPasswordResetJob, MailOutboxPurgeJob, ReconcileJob];
/** Services its handlers share (loaders, vaults, stores, runners). */
const services = [
  InstrumentPageTools,
  TeamRunner,
  CredentialsStore,
  SessionStore,
  SignInThrottle,
  DashboardSessionGuard,
  DashboardErrorFilter,
  FinanceReader,
  ListRowsReader,
  ListsFreshness,
  ListView,
  TransactionDetailView,
  TransactionActions,
  ResourceDetailView,
  DashboardActionRunner,
  // The API's idempotency table and rules, for the dashboard's forms (keys scoped `dashboard:<user>:`).
  {
    provide: DASHBOARD_IDEMPOTENCY,
    useFactory: (pool: Pool, config: AppConfig) =>
      new IdempotencyStore(pool, { ttlMs: DEFAULT_IDEMPOTENCY_OPTIONS.ttlMs, leaseMs: config.IDEMPOTENCY_LEASE_MS }),
    inject: [Pool, AppConfig],
  },
  TestPayments,
  TestToolsView,
  AccountSecurityStore,
  TeamSettingsReader,
  DashboardMailer,
  BatchPreviewStore,
  {
    provide: TRANSACTION_SOURCES,
    useFactory: (...sources: unknown[]) => sources,
    // A class is its own token; a final-payments source is a factory provider, named by its `provide`.
    inject: transactionSources.map((source) => ('provide' in source ? source.provide : source)),
  },
];

/**
 * The merchant dashboard: server-rendered pages under /dashboard on the api, behind its own
 * session guard, calling each context's CommandBus/QueryBus like the API does.
 */
@Module({
  imports: [CqrsModule, LedgerModule, WebhooksModule],
  controllers: [
    SignInController,
    FinanceController,
    TransactionsController,
    CallbacksController,
    DevelopersController,
    // Issue 20: the API request log and `listen` through a dashboard session.
    RequestLogPageController,
    ListenPageController,
    ReportsPageController,
    SettingsPageController,
    TestToolsController,
    PaymentSimulationsController,
    TeamController,
    CardRefundController,
    InvoiceActionsController,
    PayoutsController,
    BatchPayoutsController,
    FixedVasController,
    PaymentCodesController,
    RecurringPlansController,
    CustomersController,
    PasswordResetController,
    AccountController,
  ],
  providers: [...commandHandlers, ...queryHandlers, ...projections, ...jobs, ...transactionSources, ...services],
})
export class DashboardModule {}
