import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { canonicalJson, requestFingerprint } from './request-fingerprint';

const request = (overrides: Partial<Request> = {}): Request =>
  ({
    method: 'POST',
    route: { path: '/credit_card_charges/:credit_card_charge_id/refunds' },
    path: '/credit_card_charges/chg_1/refunds',
    params: { credit_card_charge_id: 'chg_1' },
    query: {},
    headers: {},
    body: { amount: '1000', external_id: 'ref-1' },
    ...overrides,
  }) as Request;

describe('canonicalJson', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { y: 1, x: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"x":2,"y":1}]},"b":1}',
    );
  });

  it('serialises what JSON would contain (toJSON), and undefined as null', () => {
    expect(canonicalJson({ at: new Date('2025-01-01T00:00:00.000Z') })).toBe('{"at":"2025-01-01T00:00:00.000Z"}');
    expect(canonicalJson(undefined)).toBe('null');
  });
});

describe('requestFingerprint', () => {
  it('is the same for the same parameters in another key order or URL spelling', () => {
    const reordered = request({
      body: { external_id: 'ref-1', amount: '1000' },
      path: '/credit_card_charges/chg_1/refunds/',
    });
    expect(requestFingerprint(reordered)).toBe(requestFingerprint(request()));
  });

  it('differs for another body, path parameter, query, method or for-user-id', () => {
    const base = requestFingerprint(request());
    const variants = [
      request({ body: { amount: '1001', external_id: 'ref-1' } }),
      request({ params: { credit_card_charge_id: 'chg_2' } }),
      request({ query: { dry_run: 'true' } }),
      request({ method: 'PATCH' }),
      request({ headers: { 'for-user-id': 'biz_sub' } }),
    ];
    for (const variant of variants) expect(requestFingerprint(variant)).not.toBe(base);
  });

  it(
    'counts uploaded files by field, declared type and bytes (issue 19, item 16); ' +
      'a request without files keeps its fingerprint',
    () => {
      const upload = (bytes: string, type = 'image/png', field = 'file') =>
        request({
          route: { path: '/files' },
          path: '/files',
          params: {},
          body: { purpose: 'KYC_DOCUMENT' },
          file: { fieldname: field, mimetype: type, buffer: Buffer.from(bytes) },
        } as Partial<Request>);
      const base = requestFingerprint(upload('one'));
      expect(requestFingerprint(upload('one'))).toBe(base);
      for (const other of [upload('two'), upload('one', 'image/jpeg'), upload('one', 'image/png', 'document')])
        expect(requestFingerprint(other)).not.toBe(base);
      // Records stored before files counted keep matching their retries.
      const before = createHash('sha256')
        .update(
          canonicalJson([
            'POST',
            '/credit_card_charges/:credit_card_charge_id/refunds',
            { credit_card_charge_id: 'chg_1' },
            {},
            null,
            { amount: '1000', external_id: 'ref-1' },
          ]),
        )
        .digest('hex');
      expect(requestFingerprint(request())).toBe(before);
      expect(requestFingerprint(request({ files: [] } as Partial<Request>))).toBe(before);
    },
  );
});
