import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BusinessAggregateRunner } from '../business-runner/business-aggregate-runner';
import { DisableCallbackEndpointCommand } from './disable-callback-endpoint.command';

@CommandHandler(DisableCallbackEndpointCommand)
export class DisableCallbackEndpointHandler implements ICommandHandler<DisableCallbackEndpointCommand, void> {
  constructor(private readonly runner: BusinessAggregateRunner) {}

  async execute(command: DisableCallbackEndpointCommand): Promise<void> {
    const { businessId, mode, kind, url, reason } = command;
    await this.runner.run(businessId, command.context, mode, (now) => ({
      type: 'DisableCallbackEndpoint',
      mode,
      kind,
      url,
      reason,
      now,
    }));
  }
}
