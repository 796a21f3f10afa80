import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./.data');
    expect(config.EVENT_STORE).toBe('postgres');
    expect(config.DATABASE_URL).toBeUndefined();
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
    [{ PORT: 'abc' }, 'PORT must be an integer between 1 and 65535'],
    [{ PORT: '70000' }, 'PORT must be an integer between 1 and 65535'],
    [{ PORT: '3.5' }, 'PORT must be an integer between 1 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres://'],
    [{ EVENT_STORE: 'kafka' }, 'EVENT_STORE must be "postgres" or "eventstoredb"'],
    [{ EVENT_STORE: 'eventstoredb' }, 'EVENTSTORE_CONNECTION_STRING must be an esdb://'],
    [{ EVENTSTORE_CONNECTION_STRING: 'http://x' }, 'EVENTSTORE_CONNECTION_STRING must be an esdb://'],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
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
