import { HttpException } from '@nestjs/common';
import { EDGE_ERROR_CODES } from '../errors/edge-error-codes';

/**
 * The 429 of spec "Errors". An HttpException carrying the spec's body until the global
 * exception filter maps error codes itself; then only this function changes.
 */
export function rateLimitExceeded(): HttpException {
  return new HttpException(
    {
      error_code: 'RATE_LIMIT_EXCEEDED',
      message: 'Too many requests; retry after the number of seconds in the Retry-After header',
    },
    EDGE_ERROR_CODES.statusOf('RATE_LIMIT_EXCEEDED'),
  );
}
