import { defineErrorCodes } from '@gateway/domain';
import type { RuleViolation } from './customer-rules';

export const CUSTOMER_ERROR_CODES = defineErrorCodes('customers', {
  DUPLICATE_ERROR: { status: 409 },
});

const errorOf = CUSTOMER_ERROR_CODES.error.bind(CUSTOMER_ERROR_CODES);

export const CustomerErrors = {
  notFound: (customerId: string) => errorOf('DATA_NOT_FOUND', `Customer ${customerId} does not exist`),
  alreadyExists: (customerId: string) => errorOf('API_VALIDATION_ERROR', `Customer ${customerId} already exists`),
  duplicateReference: (referenceId: string) =>
    errorOf(
      'DUPLICATE_ERROR',
      `A customer with reference_id ${referenceId} already exists; reference_id is unique per business and mode`,
    ),
  invalid: (violations: RuleViolation[]) =>
    errorOf(
      'API_VALIDATION_ERROR',
      violations.map((v) => `${v.field.join('.') || 'body'}: ${v.messages.join(', ')}`).join('; '),
      {
        errors: violations,
      },
    ),
  immutable: (field: 'reference_id' | 'type') =>
    errorOf('API_VALIDATION_ERROR', `${field} cannot be changed after the customer is created`, {
      errors: [{ field: [field], location: 'body', messages: [`${field} cannot be changed`], types: ['immutable'] }],
    }),
};
