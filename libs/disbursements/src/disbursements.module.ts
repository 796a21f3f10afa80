import { DisbursementsAuditedResources } from './application/disbursements-audited-resources';
import { registerErrorStatuses } from '@gateway/platform';
import { DisbursementCallbackRenderer } from './http/disbursement-callback.renderer';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CreateDisbursementsHandler } from './application/create-disbursements/create-disbursements.handler';
import { DisbursementMaterializer } from './application/disbursement-materializer';
import { MoneyOutProcessManager } from './application/money-out/money-out-process-manager';
import { ExecuteTransferJob } from './application/execute-transfer/execute-transfer.job';
import { GetBatchDisbursementHandler } from './application/get-batch-disbursement/get-batch-disbursement.handler';
import { GetDisbursementHandler, ListDisbursementsByExternalIdHandler } from './application/get-disbursement/get-disbursement.handler';
import { PayoutRailPolicy } from './application/payout-rail-policy';
import { SearchDisbursementsHandler } from './application/search-disbursements/search-disbursements.handler';
import { DisbursementsController } from './http/disbursements.controller';
import { DisbursementsProjection } from './read-models/disbursements.projection';

registerErrorStatuses({
  DIRECT_DISBURSEMENT_NOT_FOUND_ERROR: 404,
  DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR: 400,
  DISBURSEMENT_DESCRIPTION_NOT_FOUND_ERROR: 400,
  DUPLICATE_TRANSACTION_ERROR: 400,
  BANK_CODE_NOT_SUPPORTED_ERROR: 400,
  RECIPIENT_ACCOUNT_NUMBER_ERROR: 400,
  RECIPIENT_AMOUNT_ERROR: 400,
  MAXIMUM_TRANSFER_LIMIT_ERROR: 400,
  INVALID_DISBURSEMENT_STATUS_ERROR: 409,
  DISBURSEMENT_RAIL_UNAVAILABLE_ERROR: 503,
});

/** Disbursements (reserved on the ledger's balance aggregate) and the simulated payout rail. */
@Module({
  imports: [CqrsModule],
  controllers: [DisbursementsController],
  providers: [
    DisbursementsAuditedResources,
    DisbursementMaterializer,
    PayoutRailPolicy,
    CreateDisbursementsHandler,
    SearchDisbursementsHandler,
    GetDisbursementHandler,
    ListDisbursementsByExternalIdHandler,
    GetBatchDisbursementHandler,
    DisbursementsProjection,
    MoneyOutProcessManager,
    ExecuteTransferJob,
    DisbursementCallbackRenderer,
  ],
})
export class DisbursementsModule {}
