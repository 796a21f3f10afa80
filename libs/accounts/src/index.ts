export { AccountsModule } from './accounts.module';
export { accountsMigrations } from './read-models/accounts.migrations';
export { BUSINESSES_PROJECTION } from './read-models/businesses.projection';
export {
  BUSINESS_EVENT_TYPES,
  type SettingsUpdated,
  type CallbackEndpointDisabled,
  type CallbackEndpointReenabled,
  type Mode,
} from './domain/business.events';
export {
  CALLBACK_KINDS,
  type BusinessSettings,
  type CallbackKind,
  type SettingsChanges,
  type SettingsUpdate,
} from './domain/business-settings';
export * from './application/register-business/register-business.command';
export * from './application/provision-business/provision-business.command';
export * from './application/create-api-key/create-api-key.command';
export * from './application/revoke-api-key/revoke-api-key.command';
export * from './application/update-settings/update-settings.command';
export * from './application/rotate-callback-token/rotate-callback-token.command';
export * from './application/advance-test-clock/advance-test-clock.command';
export * from './application/get-business/get-business.query';
export * from './application/list-api-keys/list-api-keys.query';
export * from './application/get-settings/get-settings.query';
export * from './application/callback-kind.command';
export * from './application/set-callback-url/set-callback-url.command';
export * from './application/rotate-signing-secret/rotate-signing-secret.command';
export * from './application/disable-callback-endpoint/disable-callback-endpoint.command';
export * from './application/get-callback-endpoint/get-callback-endpoint.query';
export { UpdateSettingsRequestDto, toSettingsChanges } from './http/settings.request.dto';
export { settingsToWire } from './http/settings.response';
export { payerBrandingOf, DEFAULT_BRAND_COLOR, type PayerBranding } from './domain/payer-branding';
export { BUSINESS_EVENT_SCHEMAS, BUSINESS_STREAMS } from './domain/business.events';
/** The error codes this context may answer, with their statuses (libs/bootstrap/src/all-error-codes.ts). */
export { ACCOUNT_ERROR_CODES } from './domain/business.errors';
