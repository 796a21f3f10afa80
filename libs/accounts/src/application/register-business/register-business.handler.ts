import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '@gateway/event-store';
import { IdGenerator } from '@gateway/runtime';
import { businessDecider } from '../../domain/business.decider';
import { businessStream } from '../../domain/business.events';
import { BusinessErrors } from '../../domain/business.errors';
import { BusinessAggregateRunner } from '../business-runner/business-aggregate-runner';
import { RegisterBusinessCommand, type RegisteredBusiness } from './register-business.command';

@CommandHandler(RegisterBusinessCommand)
export class RegisterBusinessHandler implements ICommandHandler<RegisterBusinessCommand, RegisteredBusiness> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly runner: BusinessAggregateRunner,
    private readonly ids: IdGenerator,
  ) {}

  async execute(command: RegisterBusinessCommand): Promise<RegisteredBusiness> {
    const businessId = command.options.businessId ?? this.ids.prefixed('biz_');
    const parent = command.options.parentBusinessId
      ? await this.parentFacts(command.options.parentBusinessId)
      : undefined;
    await this.runner.run(businessId, command.context, undefined, (now) => ({
      type: 'RegisterBusiness',
      businessId,
      name: command.name,
      isPlatform: command.options.isPlatform ?? false,
      parent,
      now,
    }));
    return { businessId, name: command.name.trim() };
  }

  /** The parent is another aggregate: read its current state and hand the decider the fact it needs. */
  private async parentFacts(parentBusinessId: string): Promise<{ businessId: string; isPlatform: boolean }> {
    const { state } = await this.pipeline.load(businessStream(parentBusinessId), businessDecider);
    if (state.status !== 'registered') throw BusinessErrors.notFound(parentBusinessId);
    return { businessId: parentBusinessId, isPlatform: state.isPlatform };
  }
}
