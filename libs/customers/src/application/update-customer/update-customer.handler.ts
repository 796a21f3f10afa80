import { CommandPipeline, requestOrigin } from '@gateway/event-store';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CustomerErrors } from '../../domain/customer.errors';
import { CUSTOMER_ID, type CustomerView } from '../../read-models/customer-view';
import { customerViewOf, onCustomer } from '../customer-commands';
import { KycFileLookup } from '../kyc-files/kyc-file-lookup';
import { UpdateCustomerCommand } from './update-customer.command';

@CommandHandler(UpdateCustomerCommand)
export class UpdateCustomerHandler implements ICommandHandler<UpdateCustomerCommand, CustomerView> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly kycFiles: KycFileLookup,
  ) {}

  async execute(command: UpdateCustomerCommand): Promise<CustomerView> {
    const { customerId, businessId, mode, changes } = command;
    if (!CUSTOMER_ID.test(customerId)) throw CustomerErrors.notFound(customerId);
    const existingFileIds = await this.kycFiles.existing(businessId, mode, changes.kyc_documents);
    const decision = await this.pipeline.run(
      onCustomer(requestOrigin(command), customerId, (now) => ({
        type: 'UpdateCustomer' as const,
        customerId,
        businessId,
        mode,
        changes,
        referenceId: command.immutable.referenceId,
        customerType: command.immutable.customerType,
        legacyIndividualChanges: command.legacyIndividualChanges,
        existingFileIds,
        now,
      })),
    );
    const state = decision.state;
    if (state.status !== 'existing') throw CustomerErrors.notFound(customerId);
    return customerViewOf(state);
  }
}
