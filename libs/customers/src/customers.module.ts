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

/** Commands this context decides (each through the CommandPipeline). */
const commandHandlers = [CreateCustomerHandler, UpdateCustomerHandler];
/** Queries answered from its read models. */
const queryHandlers = [GetCustomerHandler, FindCustomersByReferenceHandler];
/** Read models it builds from the log. */
const projections = [CustomersProjection];
/** Its streams as the audit context folds and shows them (@AuditsResources). */
const auditedResources = [CustomersAuditedResources];
/** Services its handlers share (loaders, vaults, stores, runners). */
const services = [KycFileLookup];

/** Customer profiles in both API versions; KYC documents refer to files of the files context. */
@Module({
  imports: [CqrsModule],
  controllers: [CustomersController],
  providers: [...commandHandlers, ...queryHandlers, ...projections, ...auditedResources, ...services],
})
export class CustomersModule {}
