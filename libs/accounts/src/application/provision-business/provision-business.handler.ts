import { PERMISSIONS } from '@gateway/domain';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Mode } from '../../domain/business.events';
import { CreateApiKeyCommand } from '../create-api-key/create-api-key.command';
import { RegisterBusinessCommand } from '../register-business/register-business.command';
import { RotateCallbackTokenCommand } from '../rotate-callback-token/rotate-callback-token.command';
import { ProvisionBusinessCommand, type ModeCredentials, type ProvisionedBusiness } from './provision-business.command';

@CommandHandler(ProvisionBusinessCommand)
export class ProvisionBusinessHandler implements ICommandHandler<ProvisionBusinessCommand, ProvisionedBusiness> {
  constructor(private readonly commands: CommandBus) {}

  async execute(command: ProvisionBusinessCommand): Promise<ProvisionedBusiness> {
    const { businessId, name } = await this.commands.execute(
      new RegisterBusinessCommand(command.name, command.context, {
        businessId: command.options.businessId,
        isPlatform: command.options.isPlatform ?? false,
        parentBusinessId: command.options.parentBusinessId,
      }),
    );
    const credentials = async (mode: Mode): Promise<ModeCredentials> => {
      const secret = await this.commands.execute(
        new CreateApiKeyCommand(businessId, mode, 'secret', 'Owner secret key', [...PERMISSIONS], command.context),
      );
      const publicKey = await this.commands.execute(
        new CreateApiKeyCommand(businessId, mode, 'public', 'Public key', [], command.context),
      );
      const { callbackToken } = await this.commands.execute(
        new RotateCallbackTokenCommand(businessId, mode, command.context),
      );
      return { secret_key: secret.key, public_key: publicKey.key, callback_token: callbackToken };
    };
    return {
      business_id: businessId,
      name,
      is_platform: command.options.isPlatform ?? false,
      parent_business_id: command.options.parentBusinessId ?? null,
      test: await credentials('test'),
      live: await credentials('live'),
    };
  }
}
