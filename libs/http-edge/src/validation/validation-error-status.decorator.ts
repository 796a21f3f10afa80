import { type CallHandler, type ExecutionContext, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import { catchError, type Observable } from 'rxjs';
import { DomainError } from '@gateway/domain';
import { ApiError } from '../errors/api-error';
import { toApiError } from '../errors/to-api-error';

/** Re-answers the route's validation failures (from its DTOs, pipes or handler) with another status. */
class ValidationErrorStatusInterceptor implements NestInterceptor {
  constructor(private readonly status: number) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    // Pipes run inside `next.handle()`, so their errors pass through here.
    return next.handle().pipe(
      catchError((error: unknown) => {
        const isValidationFailure =
          (error instanceof ApiError || error instanceof DomainError) && error.code === 'API_VALIDATION_ERROR';
        throw isValidationFailure ? toApiError(error).withStatus(this.status) : error;
      }),
    );
  }
}

/**
 * For routes whose spec answers validation failures with another status than 400 (eWallet type A
 * uses 422): `@ValidationErrorStatus(422)` on the handler or the controller. Body parse errors
 * (INVALID_JSON_FORMAT, too large, too deep) happen before routing and keep their status.
 */
export function ValidationErrorStatus(status: number): MethodDecorator & ClassDecorator {
  return UseInterceptors(new ValidationErrorStatusInterceptor(status));
}
