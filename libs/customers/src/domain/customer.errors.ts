import { conflict, defineErrors, shared } from '@gateway/domain';
import type { RuleViolation } from './customer-rules';

export const CustomerErrors = defineErrors('customers', {
  notFound: shared('DATA_NOT_FOUND', (customerId: string) => `Customer ${customerId} does not exist`),
  alreadyExists: shared('API_VALIDATION_ERROR', (customerId: string) => `Customer ${customerId} already exists`),
  duplicateReference: conflict(
    'DUPLICATE_ERROR',
    (referenceId: string) =>
      `A customer with reference_id ${referenceId} already exists; reference_id is unique per business and mode`,
  ),
  invalid: shared(
    'API_VALIDATION_ERROR',
    (violations: RuleViolation[]) =>
      violations.map((v) => `${v.field.join('.') || 'body'}: ${v.messages.join(', ')}`).join('; '),
    (violations) => ({ errors: violations }),
  ),
  immutable: shared(
    'API_VALIDATION_ERROR',
    (field: 'reference_id' | 'type') => `${field} cannot be changed after the customer is created`,
    (field) => ({
      errors: [{ field: [field], location: 'body', messages: [`${field} cannot be changed`], types: ['immutable'] }],
    }),
  ),
});

export const CUSTOMER_ERROR_CODES = CustomerErrors.catalogue;
