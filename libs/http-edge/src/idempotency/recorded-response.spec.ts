import { conflict, defineErrors } from '@gateway/domain';
import { BadRequestException, HttpException } from '@nestjs/common';
import { ApiError } from '../errors/api-error';
import { isIndeterminate, recordError } from './recorded-response';

describe('recordError', () => {
  it('records an HttpException as the filter renders it: a declared error_code kept, else one from the status', () => {
    const declared = new HttpException({ error_code: 'SOME_ERROR', message: 'no' }, 400);
    expect(recordError(declared)).toEqual({
      status: 400,
      headers: {},
      body: '{"error_code":"SOME_ERROR","message":"no"}',
    });
    expect(recordError(new HttpException('plain', 404))).toEqual({
      status: 404,
      headers: {},
      body: '{"error_code":"NOT_FOUND_ERROR","message":"plain"}',
    });
    expect(recordError(new BadRequestException()).status).toBe(400);
  });

  it('records an ApiError and a DomainError as the error filter renders them', () => {
    const apiError = new ApiError('RATE_LIMIT_EXCEEDED', 429, 'slow down', { headers: { 'Retry-After': '3' } });
    expect(recordError(apiError)).toEqual({
      status: 429,
      headers: { 'Retry-After': '3' },
      body: '{"error_code":"RATE_LIMIT_EXCEEDED","message":"slow down"}',
    });
    const codes = defineErrors('spec', { rule: conflict('SOME_RULE_ERROR') }).catalogue;
    expect(recordError(codes.error('SOME_RULE_ERROR', 'rule says no'))).toEqual({
      status: 409,
      headers: {},
      body: '{"error_code":"SOME_RULE_ERROR","message":"rule says no"}',
    });
  });

  it('records anything else as a 500', () => {
    expect(recordError(new Error('boom')).status).toBe(500);
  });
});

describe('isIndeterminate', () => {
  it('keeps 2xx and 4xx results, but not 5xx, 408 or 429', () => {
    expect([200, 201, 400, 404, 409, 422].map(isIndeterminate)).toEqual([false, false, false, false, false, false]);
    expect([500, 502, 503, 408, 429].map(isIndeterminate)).toEqual([true, true, true, true, true]);
  });
});
