import { CustomersAuditedResources } from './application/customers-audited-resources';

import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CreateCustomerHandler } from './application/create-customer/create-customer.handler';
// prettier-ignore
import {
  FindCustomersByReferenceHandler,
} from './application/find-customers-by-reference/find-customers-by-reference.handler';
import { GetCustomerHandler } from './application/get-customer/get-customer.handler';
import { KycFileLookup } from './application/kyc-files/kyc-file-lookup';
import { UpdateCustomerHandler } from './application/update-customer/update-customer.handler';
import { CustomersController } from './http/customers.controller';
import { CustomersProjection } from './read-models/customers.projection';
import { providersByRole } from '@gateway/runtime';

/** Its providers, grouped by role (each role's group is documented on ProvidersByRole). */
const providers = providersByRole({
  commandHandlers: [CreateCustomerHandler, UpdateCustomerHandler],
  queryHandlers: [GetCustomerHandler, FindCustomersByReferenceHandler],
  projections: [CustomersProjection],
  auditedResources: [CustomersAuditedResources],
  services: [KycFileLookup],
});

/** Customer profiles in both API versions; KYC documents refer to files of the files context. */
@Module({
  imports: [CqrsModule],
  controllers: [CustomersController],
  providers,
})
export class CustomersModule {}
