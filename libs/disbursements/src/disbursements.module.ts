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

/** Commands this context decides (each through the CommandPipeline). */
const commandHandlers = [CreateDisbursementsHandler];
/** Queries answered from its read models. */
const queryHandlers = [
  SearchDisbursementsHandler,
  GetDisbursementHandler,
  ListDisbursementsByExternalIdHandler,
  GetBatchDisbursementHandler,
];
/** Read models it builds from the log. */
const projections = [DisbursementsProjection];
/** Reactions to events of its own or other streams (followers, process managers). */
const followers = [MoneyOutProcessManager];
/** Durable scheduler jobs. */
const jobs = [ExecuteTransferJob];
/** Callback bodies it renders for the webhook dispatcher. */
const callbackRenderers = [DisbursementCallbackRenderer];
/** Its streams as the audit context folds and shows them (@AuditsResources). */
const auditedResources = [DisbursementsAuditedResources];
/** Services its handlers share (loaders, vaults, stores, runners). */
const services = [DisbursementMaterializer, PayoutRailPolicy];

/** Disbursements (reserved on the ledger's balance aggregate) and the simulated payout rail. */
@Module({
  imports: [CqrsModule],
  controllers: [DisbursementsController],
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
export class DisbursementsModule {}
