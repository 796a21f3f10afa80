import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ChangeRecurringPaymentHandler } from './application/change-recurring/change-recurring.handler';
import { CreateRecurringPaymentHandler } from './application/create-recurring/create-recurring.handler';
import { GetRecurringPaymentHandler } from './application/get-recurring/get-recurring.handler';
import { MissedPaymentFollower } from './application/missed-payment/missed-payment.follower';
import { RechargeTokenCheck } from './application/recharge-token';
import { RunCycleJob } from './application/run-cycle/run-cycle.job';
import { RecurringController } from './http/recurring.controller';
import { RecurringAuditedResources } from './application/recurring-audited-resources';
import { RecurringProjection } from './read-models/recurring.projection';

/** Commands this context decides (each through the CommandPipeline). */
const commandHandlers = [CreateRecurringPaymentHandler, ChangeRecurringPaymentHandler];
/** Queries answered from its read models. */
const queryHandlers = [GetRecurringPaymentHandler];
/** Read models it builds from the log. */
const projections = [RecurringProjection];
/** Reactions to events of its own or other streams (followers, process managers). */
const followers = [MissedPaymentFollower];
/** Durable scheduler jobs. */
const jobs = [RunCycleJob];
/** Its streams as the audit context folds and shows them (@AuditsResources). */
const auditedResources = [RecurringAuditedResources];
/** Services its handlers share (loaders, vaults, stores, runners). */
const services = [RechargeTokenCheck];

/** Recurring payments: a schedule on the business's clock that issues invoices through @gateway/invoices. */
@Module({
  imports: [CqrsModule],
  controllers: [RecurringController],
  providers: [
    ...commandHandlers,
    ...queryHandlers,
    ...projections,
    ...followers,
    ...jobs,
    ...auditedResources,
    ...services,
  ],
})
export class RecurringModule {}
