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

/** Commands this context decides (each through the CommandPipeline). */
const commandHandlers = [
  CreateVirtualAccountHandler,
  UpdateVirtualAccountHandler,
  SimulateBankTransferHandler,
  OpenCustomerVirtualAccountHandler,
  TransferToFixedVirtualAccountHandler,
];
/** Queries answered from its read models. */
const queryHandlers = [
  GetVirtualAccountHandler,
  GetVirtualAccountPaymentHandler,
  SearchVirtualAccountPaymentsHandler,
  FindFixedVirtualAccountHandler,
];
/** Read models it builds from the log. */
const projections = [VirtualAccountsProjection];
/** Reactions to events of its own or other streams (followers, process managers). */
const followers = [VirtualAccountInvoiceFollower];
/** Durable scheduler jobs. */
const jobs = [ExpireVirtualAccountJob];
/** Callback bodies it renders for the webhook dispatcher. */
const callbackRenderers = [VirtualAccountCallbackRenderer];
/** Its streams as the audit context folds and shows them (@AuditsResources). */
const auditedResources = [VirtualAccountsAuditedResources];
/** Services its handlers share (loaders, vaults, stores, runners). */
const services = [FixedInstruments, VirtualAccountQueries];

/** Fixed virtual accounts (and invoice pool accounts): numbers, updates, expiry, simulated payments. */
@Module({
  imports: [CqrsModule],
  controllers: [VirtualAccountsController],
  providers: [
    ...commandHandlers,
    ...queryHandlers,
    ...projections,
    ...followers,
    ...jobs,
    ...callbackRenderers,
    ...auditedResources,
    ...services,
  ],
})
export class VirtualAccountsModule {}
