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
import { providersByRole } from '@gateway/runtime';

/** Its providers, grouped by role (each role's group is documented on ProvidersByRole). */
const providers = providersByRole({
  commandHandlers: [CreateRecurringPaymentHandler, ChangeRecurringPaymentHandler],
  queryHandlers: [GetRecurringPaymentHandler],
  projections: [RecurringProjection],
  followers: [MissedPaymentFollower],
  jobs: [RunCycleJob],
  auditedResources: [RecurringAuditedResources],
  services: [RechargeTokenCheck],
});

/** Recurring payments: a schedule on the business's clock that issues invoices through @gateway/invoices. */
@Module({
  imports: [CqrsModule],
  controllers: [RecurringController],
  providers,
})
export class RecurringModule {}
