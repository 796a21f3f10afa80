import { SearchVirtualAccountPaymentsHandler } from './application/search-payments/search-virtual-account-payments.handler';
import { VirtualAccountsAuditedResources } from './application/virtual-accounts-audited-resources';
import { registerErrorStatuses } from '@gateway/platform';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { BusinessVaTerms } from './application/business-va-terms';
import { CreateVirtualAccountHandler } from './application/create-virtual-account/create-virtual-account.handler';
import { ExpireVirtualAccountJob } from './application/expire-virtual-account/expire-virtual-account.job';
import { GetVirtualAccountHandler, GetVirtualAccountPaymentHandler } from './application/get-virtual-account/get-virtual-account.handler';
import { SimulateVirtualAccountPaymentHandler } from './application/simulate-payment/simulate-virtual-account-payment.handler';
import { UpdateVirtualAccountHandler } from './application/update-virtual-account/update-virtual-account.handler';
import { VirtualAccountOpener } from './application/virtual-account-opener';
import { VirtualAccountCallbackRenderer } from './http/virtual-account-callback.renderer';
import { VirtualAccountsController } from './http/virtual-accounts.controller';
import { VirtualAccountsProjection } from './read-models/virtual-accounts.projection';

registerErrorStatuses({
  CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR: 404,
  CALLBACK_VIRTUAL_ACCOUNT_PAYMENT_NOT_FOUND_ERROR: 404,
  UNIQUE_ACCOUNT_NUMBER_UNAVAILABLE_ERROR: 404,
  VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE: 400,
  BANK_NOT_SUPPORTED_ERROR: 400,
  SUGGESTED_AMOUNT_NOT_SUPPORTED_ERROR: 400,
  EXPECTED_AMOUNT_REQUIRED_ERROR: 400,
  CLOSED_VA_NOT_SUPPORTED_ERROR: 400,
  INACTIVE_VIRTUAL_ACCOUNT_ERROR: 400,
  MINIMUM_EXPECTED_AMOUNT_ERROR: 400,
  MAXIMUM_EXPECTED_AMOUNT_ERROR: 400,
  EXPIRATION_DATE_INVALID_ERROR: 400,
  EXPECTED_AMOUNT_MISMATCH_ERROR: 400,
  TEST_MODE_ONLY_ERROR: 403,
});

import { FindFixedVirtualAccountHandler } from './application/invoice-payments/find-fixed-virtual-account.handler';
import { VirtualAccountInvoiceFollower } from './application/invoice-payments/virtual-account-invoice.follower';
import { OpenCustomerVirtualAccountHandler } from './application/invoice-payments/customer-virtual-account.handler';
import { TransferToFixedVirtualAccountHandler } from './application/invoice-payments/transfer-to-fixed-virtual-account.handler';

/** Fixed virtual accounts (and invoice pool accounts): numbers, updates, expiry, simulated payments. */
@Module({
  imports: [CqrsModule],
  controllers: [VirtualAccountsController],
  providers: [
    VirtualAccountsAuditedResources,
    BusinessVaTerms,
    VirtualAccountOpener,
    CreateVirtualAccountHandler,
    UpdateVirtualAccountHandler,
    SimulateVirtualAccountPaymentHandler,
    GetVirtualAccountHandler,
    GetVirtualAccountPaymentHandler,
    SearchVirtualAccountPaymentsHandler,
    ExpireVirtualAccountJob,
    VirtualAccountsProjection,
    VirtualAccountCallbackRenderer,
    FindFixedVirtualAccountHandler,
    VirtualAccountInvoiceFollower,
    OpenCustomerVirtualAccountHandler,
    TransferToFixedVirtualAccountHandler,
  ],
})
export class VirtualAccountsModule {}
