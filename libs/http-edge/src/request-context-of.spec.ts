import type { Request } from 'express';
import type { Caller } from './caller';
import { requestContextOf } from './request-context-of';

describe('requestContextOf', () => {
  it('takes the correlation id and API version from the request, the actor and tenancy from the caller', () => {
    const request = { gateway: { requestId: 'req_1', apiVersion: '2020-10-31' } } as unknown as Request;
    const caller: Caller = {
      key: { keyId: 'key_1', businessId: 'platform', mode: 'test', kind: 'secret', permissions: [] },
      businessId: 'sub_account',
      mode: 'test',
    };
    expect(requestContextOf(request, caller)).toEqual({
      requestId: 'req_1',
      actor: 'key_1',
      businessId: 'sub_account',
      mode: 'test',
      apiVersion: '2020-10-31',
    });
  });
});
