import { AccountsModule } from '@gateway/accounts';
import { ReportsModule } from '@gateway/reports';
import { PaymentChannelsModule } from '@gateway/payment-channels';
import { AuditModule } from '@gateway/audit';
import { WebhooksModule } from '@gateway/webhooks';
import { CustomersModule } from '@gateway/customers';
import { DashboardModule } from '@gateway/dashboard';
import { EventStoreModule } from '@gateway/event-store';
import { FilesModule } from '@gateway/files';
import { DisbursementsModule } from '@gateway/disbursements';
import { CardsModule } from '@gateway/cards';
import { EwalletsModule } from '@gateway/ewallets';
import { InvoicesModule } from '@gateway/invoices';
import { RecurringModule } from '@gateway/recurring';
import { LedgerModule } from '@gateway/ledger';
import { PaymentCodesModule } from '@gateway/payment-codes';
import { VirtualAccountsModule } from '@gateway/virtual-accounts';
import { type AppConfig } from '@gateway/config';
import { PlatformModule } from '@gateway/runtime';
import { ProjectionsModule } from '@gateway/projections';
import { type DynamicModule, Module } from '@nestjs/common';
import { eventSchemaRegistry } from './all-event-schemas';
import { CqrsModule } from '@nestjs/cqrs';
import { installErrorCatalogues } from './all-error-codes';

export interface CoreOptions {
  config: AppConfig;
  databaseUrl: string;
  poolSize?: number;
}

/** Infrastructure plus every bounded context: what the api, the worker and the CLI share. */
@Module({})
export class CoreModule {
  static forRoot(options: CoreOptions): DynamicModule {
    // Before any module answers a request or documents a route: the statuses of every error code.
    installErrorCatalogues();
    return {
      module: CoreModule,
      imports: [
        PlatformModule.forRoot(options),
        // Built here, at every startup: a gap in an upcaster chain stops the process before any read.
        EventStoreModule.forRoot(eventSchemaRegistry()),
        ProjectionsModule,
        CqrsModule.forRoot(),
        AccountsModule,
        WebhooksModule,
        PaymentChannelsModule,
        ReportsModule,
        FilesModule,
        CustomersModule,
        LedgerModule,
        DisbursementsModule,
        VirtualAccountsModule,
        PaymentCodesModule,
        CardsModule,
        AuditModule,
        EwalletsModule,
        InvoicesModule,
        RecurringModule,
        DashboardModule,
      ],
      exports: [AccountsModule],
    };
  }
}
