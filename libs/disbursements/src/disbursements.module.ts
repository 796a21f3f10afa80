import { DisbursementsAuditedResources } from './application/disbursements-audited-resources';

import { DisbursementCallbackRenderer } from './http/disbursement-callback.renderer';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CreateDisbursementsHandler } from './application/create-disbursements/create-disbursements.handler';
import { DisbursementMaterializer } from './application/disbursement-materializer';
import { MoneyOutProcessManager } from './application/money-out/money-out-process-manager';
import { ExecuteTransferJob } from './application/execute-transfer/execute-transfer.job';
import { GetBatchDisbursementHandler } from './application/get-batch-disbursement/get-batch-disbursement.handler';
import {
  GetDisbursementHandler,
  ListDisbursementsByExternalIdHandler,
} from './application/get-disbursement/get-disbursement.handler';
import { PayoutRailPolicy } from './application/payout-rail-policy';
import { SearchDisbursementsHandler } from './application/search-disbursements/search-disbursements.handler';
import { DisbursementsController } from './http/disbursements.controller';
import { DisbursementsProjection } from './read-models/disbursements.projection';
import { providersByRole } from '@gateway/runtime';

/** Its providers, grouped by role (each role's group is documented on ProvidersByRole). */
const providers = providersByRole({
  commandHandlers: [CreateDisbursementsHandler],
  queryHandlers: [
    SearchDisbursementsHandler,
    GetDisbursementHandler,
    ListDisbursementsByExternalIdHandler,
    GetBatchDisbursementHandler,
  ],
  projections: [DisbursementsProjection],
  followers: [MoneyOutProcessManager],
  jobs: [ExecuteTransferJob],
  callbackRenderers: [DisbursementCallbackRenderer],
  auditedResources: [DisbursementsAuditedResources],
  services: [DisbursementMaterializer, PayoutRailPolicy],
});

/** Disbursements (reserved on the ledger's balance aggregate) and the simulated payout rail. */
@Module({
  imports: [CqrsModule],
  controllers: [DisbursementsController],
  providers,
})
export class DisbursementsModule {}
