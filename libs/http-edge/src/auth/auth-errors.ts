import { HttpException } from '@nestjs/common';
import { EDGE_ERROR_CODES } from '../errors/edge-error-codes';

// The global filter renders HttpException bodies as they are: `{error_code, message}`.
export const invalidApiKey = () =>
  new HttpException(
    {
      error_code: 'INVALID_API_KEY',
      message: 'API key is missing or invalid: send the secret key as the Basic auth user name',
    },
    EDGE_ERROR_CODES.statusOf('INVALID_API_KEY'),
  );

export const requestForbidden = (message: string) =>
  new HttpException(
    { error_code: 'REQUEST_FORBIDDEN_ERROR', message },
    EDGE_ERROR_CODES.statusOf('REQUEST_FORBIDDEN_ERROR'),
  );
