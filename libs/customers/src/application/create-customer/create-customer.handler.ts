import { type CommandOrigin, CommandPipeline, EVENT_STORE, type EventStore, requestOrigin } from '@gateway/event-store';
import { IdGenerator, outsideKeyedExecution } from '@gateway/runtime';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { type CustomerCommand, customerDecider } from '../../domain/customer.decider';
import { customerStream } from '../../domain/customer.events';
import { customerReferenceDecider, customerReferenceStream } from '../../domain/customer-reference.decider';
import type { CustomerView } from '../../read-models/customer-view';
import { customerViewOf, onCustomer } from '../customer-commands';
import { KycFileLookup } from '../kyc-files/kyc-file-lookup';
import { CreateCustomerCommand } from './create-customer.command';

/**
 * Validate, reserve the reference (unique per business and mode), then create the customer.
 * Validation comes first so that a refused request reserves nothing; a creation whose customer
 * append fails releases its reservation, so the corrected retry is not refused as a duplicate.
 */
@CommandHandler(CreateCustomerCommand)
export class CreateCustomerHandler implements ICommandHandler<CreateCustomerCommand, CustomerView> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly pipeline: CommandPipeline,
    private readonly ids: IdGenerator,
    private readonly kycFiles: KycFileLookup,
  ) {}

  async execute(command: CreateCustomerCommand): Promise<CustomerView> {
    const { businessId, mode, referenceId, profile } = command;
    const customerId = this.ids.prefixed('cust-');
    // One instant for the reservation, the customer and a release: taken once from the pipeline.
    const now = await this.pipeline.now({ scope: { businessId, mode } });
    const origin: CommandOrigin = { ...requestOrigin(command), at: now };
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

    const reservation = await this.reserveReference(customerId, command, now, origin);
    const decision = await this.pipeline.run(onCustomer(origin, customerId, create)).catch(async (error: unknown) => {
      await this.releaseReference(reservation, customerId, command, now, origin);
      throw error;
    });
    // As stored: a keyed request executed again after a crash answers with its first execution's customer.
    const { state } = decision;
    if (state.status !== 'existing') throw new Error(`Customer ${customerId} was not created`);
    return customerViewOf(state);
  }

  /** Reserves the reference for `customerId`; returns the reservation stream. */
  private async reserveReference(
    customerId: string,
    command: CreateCustomerCommand,
    now: Date,
    origin: CommandOrigin,
  ): Promise<string> {
    const { businessId, mode, referenceId } = command;
    const digest = createHash('sha256').update(`${businessId}\u0000${mode}\u0000${referenceId}`).digest('hex');
    const stream = customerReferenceStream(digest);
    const reserve = async () => {
      // Whether a holder found now still has a customer decides whether an old reservation is orphaned.
      const current = await this.pipeline.load(stream, customerReferenceDecider);
      const holderChecked =
        current.state.status === 'reserved'
          ? {
              customerId: current.state.customerId,
              exists:
                (await this.store.readStream(customerStream(current.state.customerId), { maxCount: 1 })).length > 0,
            }
          : undefined;
      return this.pipeline.run({
        ...origin,
        stream,
        decider: customerReferenceDecider,
        command: { type: 'ReserveCustomerReference', businessId, mode, referenceId, customerId, holderChecked, now },
        // No read model shows reservations: the customer's append, next, is what is awaited.
        readYourWrites: 'none',
      });
    };
    const reserved = await reserve();
    if (reserved.replayed) {
      // A keyed request executed again: its earlier execution reserved the reference, but may have
      // lost it since (its customer append failed and released it, or it died and the reservation
      // was taken over as an orphan). Then it must win the reference again like any new creation,
      // with fresh event ids (the derived ones name the earlier reservation).
      const { state } = await this.pipeline.load(stream, customerReferenceDecider);
      if (state.status !== 'reserved' || state.customerId !== customerId) await outsideKeyedExecution(reserve);
    }
    return stream;
  }

  /**
   * The customer append failed: frees the reference, unless the customer stream was written after
   * all (an error that arrived after the commit: then the reservation is rightly taken). When even
   * that cannot be found out (the store is down), the reservation stays and the orphan rule of the
   * reservation decider frees it later; the append's own error is what the caller gets either way.
   */
  private async releaseReference(
    stream: string,
    customerId: string,
    command: CreateCustomerCommand,
    now: Date,
    origin: CommandOrigin,
  ): Promise<void> {
    const { businessId, mode, referenceId } = command;
    try {
      const written = (await this.store.readStream(customerStream(customerId), { maxCount: 1 })).length > 0;
      if (written) return;
      await this.pipeline.run({
        ...origin,
        stream,
        decider: customerReferenceDecider,
        command: { type: 'ReleaseCustomerReference', businessId, mode, referenceId, customerId, now },
        readYourWrites: 'none',
      });
    } catch {
      // Left to the orphan rule (ORPHAN_AFTER_MS).
    }
  }
}
