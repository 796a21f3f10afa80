import { findUndecodableQuery, rawQueryOf, strictlyDecodedQueryText } from './undecodable-query';

describe('strictlyDecodedQueryText', () => {
  it.each([
    ['plain', 'plain'],
    ['a+b', 'a b'],
    ['100%25', '100%'],
    ['%C3%A9t%C3%A9', 'été'],
    ['%F0%9F%98%80', '😀'],
    ['%e6%9d%b1', '東'],
    ['%00', '\u0000'],
    ['', ''],
    // A % that starts no escape is the character, as querystring reads it (xendit-node does not encode values).
    ['%', '%'],
    ['50% off', '50% off'],
    ['a%4', 'a%4'],
    ['%zz%C3%A9', '%zzé'],
  ])('decodes %j to %j', (text, decoded) => {
    expect(strictlyDecodedQueryText(text)).toBe(decoded);
  });

  it.each(['%ED%A0%80', '%E0%A4%A', '%E0%A4', '%C0%AF', '%FF', '%80', '50%25%FF off'])('refuses %j', (text) => {
    expect(strictlyDecodedQueryText(text)).toBeUndefined();
  });
});

describe('findUndecodableQuery', () => {
  it('names the parameter whose value does not decode', () => {
    expect(findUndecodableQuery('limit=5&external_id=%C0%AF')).toMatchObject({
      field: ['external_id'],
      location: 'query',
      types: ['percentEncodedUtf8'],
    });
  });

  it('names the parameter by its decoded name, and no parameter when the name itself does not decode', () => {
    expect(findUndecodableQuery('external%5Fid=%C0%AF')?.field).toEqual(['external_id']);
    expect(findUndecodableQuery('%ED%A0%80=1')?.field).toEqual([]);
  });

  it('lets through what clients send unencoded or well encoded', () => {
    for (const query of ['external_id=order 1', 'a&b&&c=', 'q=a+b%2Bc', 'statuses=["PAID"]', 'x=%E2%82%AC', '']) {
      expect(findUndecodableQuery(query)).toBeUndefined();
    }
  });
});

describe('rawQueryOf', () => {
  it('is what follows the first ?, without a fragment', () => {
    expect(rawQueryOf('/a?b=1?c#d')).toBe('b=1?c');
    expect(rawQueryOf('/a')).toBe('');
  });
});
