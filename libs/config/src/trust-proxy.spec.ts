import { isTrustProxyEntry, parseTrustProxyList } from './trust-proxy';

describe('TRUST_PROXY entries', () => {
  it.each(['loopback', 'linklocal', 'uniquelocal', '10.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', '0.0.0.0/0'])(
    'accepts %s',
    (entry) => {
      expect(isTrustProxyEntry(entry)).toBe(true);
    },
  );

  it.each(['true', '*', 'localhost', '10.0.0.0/33', '::/129', '10.0.0/8', '10.0.0.1/8/1', '/8', '10.0.0.0/x'])(
    'refuses %s',
    (entry) => {
      expect(isTrustProxyEntry(entry)).toBe(false);
    },
  );

  it('splits a comma-separated list', () => {
    expect(parseTrustProxyList(' loopback, 10.0.0.0/8 ,,')).toEqual(['loopback', '10.0.0.0/8']);
    expect(parseTrustProxyList(undefined)).toEqual([]);
  });
});
