import { AccountApiVersions, ApiKeyResolver, SubAccountDirectory } from '@gateway/http-edge';
import { Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AdvanceTestClockHandler } from './application/advance-test-clock/advance-test-clock.handler';
import { BusinessAggregateRunner } from './application/business-runner/business-aggregate-runner';
import { CreateApiKeyHandler } from './application/create-api-key/create-api-key.handler';
import { GetBusinessHandler } from './application/get-business/get-business.handler';
import { GetSettingsHandler } from './application/get-settings/get-settings.handler';
import { ListApiKeysHandler } from './application/list-api-keys/list-api-keys.handler';
import { ProvisionBusinessHandler } from './application/provision-business/provision-business.handler';
import { RegisterBusinessHandler } from './application/register-business/register-business.handler';
import { RevokeApiKeyHandler } from './application/revoke-api-key/revoke-api-key.handler';
import { RotateCallbackTokenHandler } from './application/rotate-callback-token/rotate-callback-token.handler';
import { UpdateSettingsHandler } from './application/update-settings/update-settings.handler';
import { SetCallbackUrlHandler } from './application/set-callback-url/set-callback-url.handler';
import { RotateSigningSecretHandler } from './application/rotate-signing-secret/rotate-signing-secret.handler';
// prettier-ignore
import {
  DisableCallbackEndpointHandler,
} from './application/disable-callback-endpoint/disable-callback-endpoint.handler';
import { GetCallbackEndpointHandler } from './application/get-callback-endpoint/get-callback-endpoint.handler';
import { AccountsDirectory } from './read-models/accounts-directory';
import { BusinessesProjection } from './read-models/businesses.projection';
import { SecretsVault } from './read-models/secrets-vault';
import { ApiKeysController } from './http/api-keys.controller';
import { SettingsController } from './http/settings.controller';
import { providersByRole } from '@gateway/runtime';

/** Its providers, grouped by role (each role's group is documented on ProvidersByRole). */
const providers = providersByRole({
  commandHandlers: [
    RegisterBusinessHandler,
    ProvisionBusinessHandler,
    CreateApiKeyHandler,
    RevokeApiKeyHandler,
    UpdateSettingsHandler,
    RotateCallbackTokenHandler,
    AdvanceTestClockHandler,
    SetCallbackUrlHandler,
    RotateSigningSecretHandler,
    DisableCallbackEndpointHandler,
  ],
  queryHandlers: [GetBusinessHandler, ListApiKeysHandler, GetSettingsHandler, GetCallbackEndpointHandler],
  projections: [BusinessesProjection],
  services: [
    BusinessAggregateRunner,
    SecretsVault,
    AccountsDirectory,
    { provide: ApiKeyResolver, useExisting: AccountsDirectory },
    { provide: SubAccountDirectory, useExisting: AccountsDirectory },
    { provide: AccountApiVersions, useExisting: AccountsDirectory },
  ],
});

/**
 * Businesses, API keys, settings and test clocks. Global because it implements the ports the
 * HTTP edge (auth guard, versioning) needs wherever that edge is installed.
 */
@Global()
@Module({
  imports: [CqrsModule],
  controllers: [SettingsController, ApiKeysController],
  providers,
  exports: [ApiKeyResolver, SubAccountDirectory, AccountApiVersions],
})
export class AccountsModule {}
