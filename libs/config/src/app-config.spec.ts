import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./.data');
    expect(config.EVENT_STORE).toBe('postgres');
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['RATE_LIMIT_TEST_PER_MINUTE', 3000, 5],
    ['RATE_LIMIT_LIVE_PER_MINUTE', 6000, 8],
    ['RATE_LIMIT_IP_PER_MINUTE', 18_000, 20],
    ['RATE_LIMIT_WINDOW_SECONDS', 60, 2],
    ['RATE_LIMIT_LEASE_SIZE', 50, 1],
  ] as const)('reads the rate limit %s, %d by default', (name, byDefault, set) => {
    expect(loadConfig({})[name]).toBe(byDefault);
    expect(loadConfig({ [name]: String(set) })[name]).toBe(set);
  });

  it('reads valid values', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/gateway',
      DATA_DIR: '/var/lib/gateway',
      EVENT_STORE: 'eventstoredb',
      EVENTSTORE_CONNECTION_STRING: 'esdb://localhost:2113?tls=false',
    });
    expect(config).toMatchObject({ PORT: 8080, DATA_DIR: '/var/lib/gateway', EVENT_STORE: 'eventstoredb' });
  });

  it.each([
    ['PORT', 'abc', 65_535],
    ['PORT', '70000', 65_535],
    ['PORT', '3.5', 65_535],
    ['RATE_LIMIT_TEST_PER_MINUTE', '0', 1_000_000_000],
    ['RATE_LIMIT_LIVE_PER_MINUTE', 'many', 1_000_000_000],
    ['RATE_LIMIT_IP_PER_MINUTE', '1.5', 1_000_000_000],
    ['RATE_LIMIT_WINDOW_SECONDS', '3601', 3600],
    ['RATE_LIMIT_LEASE_SIZE', '0', 1000],
  ])('refuses %s=%j: it must be an integer between 1 and %d', (name, value, max) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(`${name} must be an integer between 1 and ${max}`);
  });

  it.each([
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres://'],
    [{ EVENT_STORE: 'kafka' }, 'EVENT_STORE must be "postgres" or "eventstoredb"'],
    [{ EVENT_STORE: 'eventstoredb' }, 'EVENTSTORE_CONNECTION_STRING must be an esdb://'],
    [{ EVENTSTORE_CONNECTION_STRING: 'http://x' }, 'EVENTSTORE_CONNECTION_STRING must be an esdb://'],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  // Integer settings with bounds: the default, a value inside, and values outside or not integers.
  it.each([
    {
      name: 'IDEMPOTENCY_LEASE_MS' as const,
      byDefault: 10_000,
      inside: 1000,
      min: 100,
      max: 600_000,
      bad: ['99', '600001', '1.5', 'soon'],
    },
    {
      name: 'DATABASE_POOL_IDLE_SECONDS' as const,
      byDefault: 300,
      inside: 0,
      min: 0,
      max: 86_400,
      bad: ['-1', '86401', '2.5', 'later'],
    },
  ])('reads $name, $byDefault by default, between $min and $max', ({ name, byDefault, inside, min, max, bad }) => {
    expect(loadConfig({})[name]).toBe(byDefault);
    expect(loadConfig({ [name]: String(inside) })[name]).toBe(inside);
    for (const value of bad) {
      expect(() => loadConfig({ [name]: value })).toThrow(`${name} must be an integer between ${min} and ${max}`);
    }
  });

  it('reads LOG_REQUEST_CONTEXT as a boolean, off by default', () => {
    expect(loadConfig({}).LOG_REQUEST_CONTEXT).toBe(false);
    expect(loadConfig({ LOG_REQUEST_CONTEXT: 'true' }).LOG_REQUEST_CONTEXT).toBe(true);
    expect(() => loadConfig({ LOG_REQUEST_CONTEXT: 'sometimes' })).toThrow('LOG_REQUEST_CONTEXT must be true or false');
  });

  it('reads the ledger, payout rail, callback and public-address settings', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({
      DISBURSEMENT_LIVE_RAIL: 'none',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: false,
      WEBHOOK_TIMEOUT_MS: 30_000,
      WEBHOOK_ENDPOINT_CONCURRENCY: 16,
    });
    expect(defaults.publicBaseUrl()).toBe('http://localhost:3000');
    const set = loadConfig({
      LEDGER_SETTLEMENT_DELAYS: 'CREDIT_CARD=2d, OVO=12h',
      DISBURSEMENT_LIVE_RAIL: 'sandbox',
      PUBLIC_BASE_URL: 'https://pay.example.com/',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    });
    expect(set).toMatchObject({
      LEDGER_SETTLEMENT_DELAYS: 'CREDIT_CARD=2d, OVO=12h',
      DISBURSEMENT_LIVE_RAIL: 'sandbox',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: true,
    });
    expect(set.publicBaseUrl()).toBe('https://pay.example.com');
    expect(() => loadConfig({ LEDGER_SETTLEMENT_DELAYS: 'CREDIT_CARD=two days' })).toThrow(
      'LEDGER_SETTLEMENT_DELAYS must be CHANNEL=<number>',
    );
    expect(() => loadConfig({ DISBURSEMENT_LIVE_RAIL: 'bank' })).toThrow(
      'DISBURSEMENT_LIVE_RAIL must be "none" or "sandbox"',
    );
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'pay.example.com' })).toThrow('PUBLIC_BASE_URL must be an http(s) URL');
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '10' })).toThrow(
      'WEBHOOK_TIMEOUT_MS must be an integer between 100 and 120000',
    );
  });

  it('reads the request log settings: on, 30 days, a million rows, 8 KB per body by default', () => {
    expect(loadConfig({})).toMatchObject({
      REQUEST_LOG_ENABLED: true,
      REQUEST_LOG_RETENTION_DAYS: 30,
      REQUEST_LOG_MAX_ROWS: 1_000_000,
      REQUEST_LOG_BODY_LIMIT: 8192,
    });
    expect(
      loadConfig({
        REQUEST_LOG_ENABLED: 'false',
        REQUEST_LOG_RETENTION_DAYS: '7',
        REQUEST_LOG_MAX_ROWS: '5000',
        REQUEST_LOG_BODY_LIMIT: '2kb',
      }),
    ).toMatchObject({
      REQUEST_LOG_ENABLED: false,
      REQUEST_LOG_RETENTION_DAYS: 7,
      REQUEST_LOG_MAX_ROWS: 5000,
      REQUEST_LOG_BODY_LIMIT: 2048,
    });
    expect(() => loadConfig({ REQUEST_LOG_ENABLED: 'maybe' })).toThrow('REQUEST_LOG_ENABLED must be true or false');
    expect(() => loadConfig({ REQUEST_LOG_RETENTION_DAYS: '0' })).toThrow(
      'REQUEST_LOG_RETENTION_DAYS must be an integer between 1 and 3650',
    );
    expect(() => loadConfig({ REQUEST_LOG_MAX_ROWS: '9' })).toThrow(
      'REQUEST_LOG_MAX_ROWS must be an integer between 10 and 1000000000',
    );
    expect(() => loadConfig({ REQUEST_LOG_BODY_LIMIT: '100' })).toThrow(
      'REQUEST_LOG_BODY_LIMIT must be a size between 256 bytes and 1mb',
    );
    expect(() => loadConfig({ REQUEST_LOG_BODY_LIMIT: 'lots' })).toThrow('REQUEST_LOG_BODY_LIMIT must be a size');
  });

  it('lists every bad value at once', () => {
    try {
      loadConfig({ PORT: 'x', EVENT_STORE: 'y' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });
});

describe('CARD_VAULT_KEY', () => {
  const key = (byte: number) => Buffer.alloc(32, byte).toString('base64');

  it('falls back to the published development key outside production only', () => {
    expect(loadConfig({}).CARD_VAULT_KEY.map((k) => k.id)).toEqual(['dev-insecure']);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/CARD_VAULT_KEY/);
  });

  it('reads the current key first and older keys after it', () => {
    const config = loadConfig({ NODE_ENV: 'production', CARD_VAULT_KEY: `k2:${key(2)}, k1:${key(1)}` });
    expect(config.CARD_VAULT_KEY.map((k) => k.id)).toEqual(['k2', 'k1']);
    expect(config.CARD_VAULT_KEY[0].key.equals(Buffer.alloc(32, 2))).toBe(true);
  });

  it.each([
    ['k1'],
    [`k1:${Buffer.alloc(16).toString('base64')}`],
    [`k1:${key(1)},k1:${key(2)}`],
    [`:${key(1)}`],
    ['k1:not base64!'],
    [`bad id:${key(1)}`],
  ])('refuses %s with a ConfigError naming the setting', (value) => {
    expect(() => loadConfig({ CARD_VAULT_KEY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ CARD_VAULT_KEY: value })).toThrow(/CARD_VAULT_KEY must be/);
  });
});
