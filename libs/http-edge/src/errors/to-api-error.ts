import { DomainError } from '@gateway/domain';
import { HttpException } from '@nestjs/common';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from './api-error';
import { edgeError } from './edge-error-codes';
import { translateError } from './error-translators';
import { apiErrorFromHttpException } from './http-exception-codes';
import { translateInfrastructureError } from './infrastructure-errors';

/**
 * Whatever was thrown, as the error the caller sees. Order matters: errors that know their answer
 * (ApiError, DomainError) first, then translators registered by libraries, then the stores below
 * every context, then Nest's own exceptions; anything else is a 500 that says nothing more.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) {
    const errors = Array.isArray(error.details?.errors) ? (error.details.errors as ApiError['errors']) : undefined;
    return new ApiError(error.code, error.status, error.message, {
      cause: error,
      errors: errors ? [...errors] : undefined,
    });
  }
  const translated = translateError(error) ?? translateInfrastructureError(error);
  if (translated) return translated;
  if (error instanceof HttpException) return apiErrorFromHttpException(error);
  return edgeError('SERVER_ERROR', UNEXPECTED_ERROR_MESSAGE, { cause: error });
}
