import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import type { ValidationError, ValidatorOptions } from 'class-validator';
import { findUnstorableValue } from '../body/unstorable-input';
import { unstorableInputError } from '../body/reject-unstorable-input.middleware';
import { ApiError, type ValidationLocation } from '../errors/api-error';
import { listsWhereObjectsBelong, mergeValidationErrors } from './lists-where-objects-belong';
import { dropMeaninglessNulls } from './meaningless-nulls';
import { rememberValidationMetadata } from './remembered-validation-metadata';
import { summariseIssues, validationIssuesFrom } from './validation-issues';

/**
 * Carries class-validator's errors from `exceptionFactory` (which does not know the location) to `transform` (which
 * does).
 */
class ValidationFailed extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('validation failed');
  }
}

const LOCATION_OF: Record<ArgumentMetadata['type'], ValidationLocation> = {
  body: 'body',
  query: 'query',
  param: 'path',
  custom: 'body',
};

/**
 * Nest's ValidationPipe with the gateway's rules: DTOs are instantiated (`transform`), fields the
 * DTO does not declare are dropped silently (`whitelist`; the public client sends extras such as
 * both `account_holder_name` and `bank_account_name`), and failures become 400
 * `API_VALIDATION_ERROR` with the spec's `errors` list.
 */
export class GatewayValidationPipe extends ValidationPipe {
  constructor() {
    super({
      transform: true,
      whitelist: true,
      forbidNonWhitelisted: false,
      forbidUnknownValues: true,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => new ValidationFailed(errors),
    });
    rememberValidationMetadata();
  }

  /** Called with the DTO instance class-transformer built, before its rules run. */
  protected override async validate(object: object, validatorOptions?: ValidatorOptions): Promise<ValidationError[]> {
    dropMeaninglessNulls(object);
    const errors = await super.validate(object, validatorOptions);
    return mergeValidationErrors(errors, listsWhereObjectsBelong(object));
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    refuseUnstorableStrings(value, metadata);
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      if (!(error instanceof ValidationFailed)) throw error;
      const location = LOCATION_OF[metadata.type];
      // `@Query('filter') filter: FilterDto` validates one named value: its path starts with the name.
      const rootPath = metadata.data ? [metadata.data] : [];
      const issues = validationIssuesFrom(wholeValueErrorsAtRoot(error.errors, metadata), location, rootPath);
      throw ApiError.validation(summariseIssues(issues), issues);
    }
  }
}

/**
 * The edge's rule on strings PostgreSQL cannot store (NUL, lone surrogates), for what the body
 * middleware cannot see: path parameters (known only after routing) and multipart fields (parsed
 * by the route's interceptor). Bodies and queries were checked before; checking them again here
 * is the same rule on the same values, and cheap next to what the handler does.
 */
function refuseUnstorableStrings(value: unknown, metadata: ArgumentMetadata): void {
  if (metadata.type === 'custom') return; // values the server made (the caller, the API version), not input
  const issue = findUnstorableValue(value, LOCATION_OF[metadata.type]);
  if (issue)
    throw unstorableInputError({ ...issue, field: metadata.data ? [metadata.data, ...issue.field] : issue.field });
}

/**
 * Nest names an error about the whole value (an array sent where an object is expected) after the
 * parameter type (`body`); the spec's path for the whole value is empty.
 */
function wholeValueErrorsAtRoot(errors: ValidationError[], metadata: ArgumentMetadata): ValidationError[] {
  return errors.map((error) =>
    error.property === (metadata.data || metadata.type) && error.constraints?.isObject
      ? Object.assign(error, { property: '' })
      : error,
  );
}

export function createValidationPipe(): GatewayValidationPipe {
  return new GatewayValidationPipe();
}
