import { HttpException, HttpStatus } from '@nestjs/common';

// The global filter renders HttpException bodies as they are: `{error_code, message}`.
export const invalidApiKey = () =>
  new HttpException(
    { error_code: 'INVALID_API_KEY', message: 'API key is missing or invalid: send the secret key as the Basic auth user name' },
    HttpStatus.UNAUTHORIZED,
  );

export const requestForbidden = (message: string) =>
  new HttpException({ error_code: 'REQUEST_FORBIDDEN_ERROR', message }, HttpStatus.FORBIDDEN);
