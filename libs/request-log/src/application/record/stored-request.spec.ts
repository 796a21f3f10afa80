import type { CapturedRequest } from '@gateway/http-edge';
import { toStoredRequest } from './stored-request';

const CARD = '4000000000000002';

function captured(overrides: Partial<CapturedRequest> = {}): CapturedRequest {
  return {
    requestId: 'req_1',
    method: 'POST',
    url: '/v2/credit_card_tokens',
    route: '/v2/credit_card_tokens',
    status: 200,
    latencyMs: 12.3456,
    startedAt: new Date('2030-01-01T00:00:00.000Z'),
    caller: {
      key: { keyId: 'key_1', businessId: 'biz_1', mode: 'test', kind: 'secret', permissions: [] },
      businessId: 'biz_1',
      mode: 'test',
    },
    requestBody: undefined,
    uploads: [],
    ...overrides,
  };
}

const answer = (value: unknown, contentType = 'application/json; charset=utf-8') => ({
  responseJson: { value },
  responseSize: JSON.stringify(value).length,
  responseContentType: contentType,
});

describe('toStoredRequest', () => {
  it('redacts card data and keys in the request body field by field', () => {
    const stored = toStoredRequest(
      captured({
        requestBody: {
          card_data: { account_number: CARD, exp_month: '12', cvn: '123' },
          card_cvn: '456',
          note: `card ${CARD}`,
        },
      }),
      8192,
    );
    expect(stored.requestBody).not.toContain(CARD);
    expect(stored.requestBody).not.toMatch(/"123"|"456"/);
    expect(JSON.parse(stored.requestBody!)).toEqual({
      card_data: { account_number: '[REDACTED]', exp_month: '12', cvn: '[REDACTED]' },
      card_cvn: '[REDACTED]',
      note: 'card ************0002',
    });
  });

  it('redacts secrets in JSON answers, whatever their field is called in text, and reads their error_code', () => {
    const key = 'xnd_development_P4qDfOss0OCpl8RtKrROHjaQYNCk9dN5lSfk';
    const created = toStoredRequest(
      captured(answer({ key, callback_token: 'f00dbabe', url: 'https://shop.example', note: 'whsec_abcDEF123+/=' })),
      8192,
    );
    expect(JSON.parse(created.responseBody!)).toEqual({
      key: 'xnd_[REDACTED]',
      callback_token: '[REDACTED]',
      url: 'https://shop.example',
      note: 'whsec_[REDACTED]',
    });
    expect(created.errorCode).toBeNull();

    const refusal = { error_code: 'API_VALIDATION_ERROR', message: 'amount must be a number' };
    const refused = toStoredRequest(captured({ status: 400, ...answer(refusal) }), 8192);
    expect(refused.errorCode).toBe('API_VALIDATION_ERROR');
    expect(refused.responseBody).toBe(JSON.stringify(refusal));
    // Something in that field that is not an API error code is not stored as one.
    expect(
      toStoredRequest(captured({ status: 400, ...answer({ error_code: 'drop table' }) }), 8192).errorCode,
    ).toBeNull();
  });

  it('caps each body at the limit and says so', () => {
    const long = { description: 'x'.repeat(1000) };
    const stored = toStoredRequest(captured({ requestBody: long, ...answer(long) }), 300);
    expect(Buffer.byteLength(stored.requestBody!)).toBe(300);
    expect([stored.requestBodyTruncated, stored.responseBodyTruncated]).toEqual([true, true]);
    expect(stored.responseBody!.startsWith('{"description":"xxx')).toBe(true);
  });

  it('only describes a body that is very large, or an answer that is not JSON', () => {
    const huge = toStoredRequest(captured({ ...answer({ data: [] }), responseSize: 300_000 }), 8192);
    expect(huge.responseBody).toBe('[application/json of 300000 bytes: too large to keep]');
    const file = toStoredRequest(captured({ responseSize: 3, responseContentType: 'image/png' }), 8192);
    expect(file.responseBody).toBe('[image/png of 3 bytes]');
    expect(toStoredRequest(captured({ responseSize: 0 }), 8192).responseBody).toBeNull();
    const batch = toStoredRequest(captured({ requestBody: { disbursements: [] }, requestSize: 600_000 }), 8192);
    expect(batch.requestBody).toBe('[body of 600000 bytes: too large to keep]');
  });

  it('names uploaded files without their bytes, redacts the path and keeps the caller', () => {
    const stored = toStoredRequest(
      captured({
        url: `/search?card=${CARD}`,
        requestBody: { category: 'KYC' },
        uploads: [{ field: 'file', name: 'ktp.png', type: 'image/png', size: 1234 }],
        caller: {
          key: { keyId: 'key_p', businessId: 'biz_platform', mode: 'live', kind: 'secret', permissions: [] },
          businessId: 'biz_sub',
          mode: 'live',
          onBehalfOf: { platformBusinessId: 'biz_platform' },
        },
      }),
      8192,
    );
    expect(JSON.parse(stored.requestBody!)).toEqual({
      category: 'KYC',
      '(files)': [{ field: 'file', name: 'ktp.png', type: 'image/png', size: 1234 }],
    });
    expect(stored.path).toBe('/search?card=************0002');
    expect(stored).toMatchObject({
      businessId: 'biz_sub',
      mode: 'live',
      keyId: 'key_p',
      platformBusinessId: 'biz_platform',
      latencyMs: 12.35,
      requestBody: expect.any(String),
    });
    expect(stored.logId).toMatch(/^rlog_[0-9a-f]{32}$/);
  });

  it('replaces what PostgreSQL text cannot hold (NUL, lone surrogates)', () => {
    const stored = toStoredRequest(captured({ url: '/x?q=a\u0000b\ud800c\ud83d\ude00' }), 8192);
    expect(stored.path).toBe('/x?q=a\uFFFDb\uFFFDc\ud83d\ude00');
  });

  it('stores no body for a bodiless request', () => {
    expect(toStoredRequest(captured({ method: 'GET', requestBody: {} }), 8192).requestBody).toBeNull();
  });
});
