import { ConfigError, DEFAULT_BODY_LIMIT, loadConfig } from './app-config';
import { parseByteSize } from './byte-size';

const PRODUCTION_KEY = `k1:${Buffer.alloc(32, 7).toString('base64')}`;

describe('HTTP edge settings', () => {
  it('defaults: plain HTTP allowed outside production, no trusted proxy, 1 MiB bodies', () => {
    const config = loadConfig({});
    expect(config.REQUIRE_TLS).toBe(false);
    expect(config.TRUST_PROXY).toEqual([]);
    expect(config.BODY_LIMIT).toBe(DEFAULT_BODY_LIMIT);
    expect(DEFAULT_BODY_LIMIT).toBe(1_048_576);
  });

  it('requires TLS by default when NODE_ENV=production, unless REQUIRE_TLS says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production', CARD_VAULT_KEY: PRODUCTION_KEY }).REQUIRE_TLS).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'production', REQUIRE_TLS: 'false', CARD_VAULT_KEY: PRODUCTION_KEY }).REQUIRE_TLS,
    ).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', REQUIRE_TLS: 'true' }).REQUIRE_TLS).toBe(true);
    expect(loadConfig({ REQUIRE_TLS: '1' }).REQUIRE_TLS).toBe(true);
  });

  it('reads TRUST_PROXY and BODY_LIMIT', () => {
    const config = loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8', BODY_LIMIT: '512kb' });
    expect(config.TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8']);
    expect(config.BODY_LIMIT).toBe(512 * 1024);
    expect(loadConfig({ BODY_LIMIT: '2mb' }).BODY_LIMIT).toBe(2 * 1024 * 1024);
    expect(loadConfig({ BODY_LIMIT: '4096' }).BODY_LIMIT).toBe(4096);
  });

  it.each([
    ['REQUIRE_TLS', ['maybe'], 'must be true or false'],
    ['TRUST_PROXY', ['everyone', 'loopback,10.0.0.0/40'], 'must be a comma-separated list'],
    ['BODY_LIMIT', ['huge', '10', '1gb'], 'must be a size between 1kb and 100mb'],
  ])('refuses a bad %s with a clear message', (name, values, message) => {
    for (const value of values) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(`${name} ${message}`);
    }
  });

  it('parses byte sizes', () => {
    expect(parseByteSize('1MB')).toBe(1_048_576);
    expect(parseByteSize(' 10 kb ')).toBe(10_240);
    expect(parseByteSize('1.5mb')).toBeNaN();
  });
});
