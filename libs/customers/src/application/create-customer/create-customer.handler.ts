import { decideAndAppend, EVENT_STORE, type EventStore, loadAggregate } from '@gateway/event-store';
import { Clock, IdGenerator, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { type CustomerCommand, customerDecider } from '../../domain/customer.decider';
import { customerStream } from '../../domain/customer.events';
import { customerReferenceDecider, customerReferenceStream } from '../../domain/customer-reference.decider';
import type { CustomerView } from '../../read-models/customer-view';
import { CUSTOMERS_PROJECTION } from '../../read-models/customers.projection';
import { KycFileLookup } from '../kyc-files/kyc-file-lookup';
import { CreateCustomerCommand } from './create-customer.command';

/**
 * Validate, reserve the reference (unique per business and mode), then create the customer.
 * Validation comes first so that a refused request reserves nothing.
 */
@CommandHandler(CreateCustomerCommand)
export class CreateCustomerHandler implements ICommandHandler<CreateCustomerCommand, CustomerView> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly progress: ProjectionProgress,
    private readonly kycFiles: KycFileLookup,
  ) {}

  async execute(command: CreateCustomerCommand): Promise<CustomerView> {
    const { businessId, mode, referenceId, profile } = command;
    const customerId = this.ids.prefixed('cust-');
    const now = await this.clock.now({ businessId, mode });
    const metadata = toCommandMetadata(command.context, now, { businessId, mode });
    const create: CustomerCommand = {
      type: 'CreateCustomer',
      customerId,
      businessId,
      mode,
      referenceId,
      profile,
      existingFileIds: await this.kycFiles.existing(businessId, mode, profile.kyc_documents),
      now,
    };
    customerDecider.decide(create, customerDecider.initialState);

    await this.reserveReference(customerId, command, now, metadata);
    const decision = await decideAndAppend(this.store, customerStream(customerId), customerDecider, create, metadata);
    if (decision.appended) await this.progress.waitFor(CUSTOMERS_PROJECTION, decision.appended.position, 10_000);
    return { customerId, referenceId, profile, createdAt: now.toISOString(), updatedAt: now.toISOString() };
  }

  private async reserveReference(customerId: string, command: CreateCustomerCommand, now: Date, metadata: ReturnType<typeof toCommandMetadata>) {
    const { businessId, mode, referenceId } = command;
    const digest = createHash('sha256').update(`${businessId}\u0000${mode}\u0000${referenceId}`).digest('hex');
    const stream = customerReferenceStream(digest);
    // Whether a holder found now still has a customer decides whether an old reservation is orphaned.
    const current = await loadAggregate(this.store, stream, customerReferenceDecider);
    const holderChecked =
      current.state.status === 'reserved'
        ? { customerId: current.state.customerId, exists: (await this.store.readStream(customerStream(current.state.customerId), { maxCount: 1 })).length > 0 }
        : undefined;
    await decideAndAppend(
      this.store,
      stream,
      customerReferenceDecider,
      { type: 'ReserveCustomerReference', businessId, mode, referenceId, customerId, holderChecked, now },
      metadata,
    );
  }
}
