// prettier-ignore
import {
  SearchVirtualAccountPaymentsHandler,
} from './application/search-payments/search-virtual-account-payments.handler';
import { VirtualAccountsAuditedResources } from './application/virtual-accounts-audited-resources';

import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CreateVirtualAccountHandler } from './application/create-virtual-account/create-virtual-account.handler';
import { ExpireVirtualAccountJob } from './application/expire-virtual-account/expire-virtual-account.job';
import {
  GetVirtualAccountHandler,
  GetVirtualAccountPaymentHandler,
} from './application/get-virtual-account/get-virtual-account.handler';
import { UpdateVirtualAccountHandler } from './application/update-virtual-account/update-virtual-account.handler';
import { VirtualAccountCallbackRenderer } from './http/virtual-account-callback.renderer';
import { VirtualAccountsController } from './http/virtual-accounts.controller';
import { VirtualAccountsProjection } from './read-models/virtual-accounts.projection';
import { VirtualAccountQueries } from './read-models/virtual-account-queries';
import { SimulateBankTransferHandler } from './application/simulate-payment/simulate-bank-transfer.handler';
import { FixedInstruments } from '@gateway/fixed-instruments';

import { FindFixedVirtualAccountHandler } from './application/invoice-payments/find-fixed-virtual-account.handler';
import { VirtualAccountInvoiceFollower } from './application/invoice-payments/virtual-account-invoice.follower';
import { OpenCustomerVirtualAccountHandler } from './application/invoice-payments/customer-virtual-account.handler';
// prettier-ignore
import {
  TransferToFixedVirtualAccountHandler,
} from './application/invoice-payments/transfer-to-fixed-virtual-account.handler';
import { providersByRole } from '@gateway/runtime';

/** Its providers, grouped by role (each role's group is documented on ProvidersByRole). */
const providers = providersByRole({
  commandHandlers: [
    CreateVirtualAccountHandler,
    UpdateVirtualAccountHandler,
    SimulateBankTransferHandler,
    OpenCustomerVirtualAccountHandler,
    TransferToFixedVirtualAccountHandler,
  ],
  queryHandlers: [
    GetVirtualAccountHandler,
    GetVirtualAccountPaymentHandler,
    SearchVirtualAccountPaymentsHandler,
    FindFixedVirtualAccountHandler,
  ],
  projections: [VirtualAccountsProjection],
  followers: [VirtualAccountInvoiceFollower],
  jobs: [ExpireVirtualAccountJob],
  callbackRenderers: [VirtualAccountCallbackRenderer],
  auditedResources: [VirtualAccountsAuditedResources],
  services: [FixedInstruments, VirtualAccountQueries],
});

/** Fixed virtual accounts (and invoice pool accounts): numbers, updates, expiry, simulated payments. */
@Module({
  imports: [CqrsModule],
  controllers: [VirtualAccountsController],
  providers,
})
export class VirtualAccountsModule {}
