import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Clock, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { customerDecider } from '../../domain/customer.decider';
import { CustomerErrors } from '../../domain/customer.errors';
import { customerStream } from '../../domain/customer.events';
import { CUSTOMER_ID, type CustomerView } from '../../read-models/customer-view';
import { CUSTOMERS_PROJECTION } from '../../read-models/customers.projection';
import { KycFileLookup } from '../kyc-files/kyc-file-lookup';
import { UpdateCustomerCommand } from './update-customer.command';

@CommandHandler(UpdateCustomerCommand)
export class UpdateCustomerHandler implements ICommandHandler<UpdateCustomerCommand, CustomerView> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
    private readonly kycFiles: KycFileLookup,
  ) {}

  async execute(command: UpdateCustomerCommand): Promise<CustomerView> {
    const { customerId, businessId, mode, changes } = command;
    if (!CUSTOMER_ID.test(customerId)) throw CustomerErrors.notFound(customerId);
    const now = await this.clock.now({ businessId, mode });
    const decision = await decideAndAppend(
      this.store,
      customerStream(customerId),
      customerDecider,
      {
        type: 'UpdateCustomer',
        customerId,
        businessId,
        mode,
        changes,
        referenceId: command.immutable.referenceId,
        customerType: command.immutable.customerType,
        legacyIndividualChanges: command.legacyIndividualChanges,
        existingFileIds: await this.kycFiles.existing(businessId, mode, changes.kyc_documents),
        now,
      },
      toCommandMetadata(command.context, now, { businessId, mode }),
    );
    if (decision.appended) await this.progress.waitFor(CUSTOMERS_PROJECTION, decision.appended.position, 10_000);
    const state = decision.state;
    if (state.status !== 'existing') throw CustomerErrors.notFound(customerId);
    return { customerId, referenceId: state.referenceId, profile: state.profile, createdAt: state.createdAt, updatedAt: state.updatedAt };
  }
}
