import { DomainError } from '@gateway/domain';

export const BusinessErrors = {
  alreadyRegistered: (businessId: string) =>
    new DomainError('BUSINESS_ALREADY_REGISTERED_ERROR', `Business ${businessId} is already registered`),
  notFound: (businessId: string) => new DomainError('BUSINESS_NOT_FOUND_ERROR', `Business ${businessId} does not exist`),
  invalidName: () => new DomainError('API_VALIDATION_ERROR', 'Business name must be 1 to 255 characters'),
  invalidAdvance: () =>
    new DomainError('API_VALIDATION_ERROR', 'A test clock only moves forward: advance by a positive whole number of milliseconds'),
};
