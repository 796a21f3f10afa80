import { type Mode } from '@gateway/clock';
import { NoAuth, RateLimit, RateLimitModule, RequirePermissions } from '@gateway/http-edge';
import { BadRequestException, Controller, Get, type INestApplication, Module, Param, Post } from '@nestjs/common';
import { basicAuth, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

/*
 * Through the real API-key guard: the account limit needs the caller it sets, so these tests
 * also prove the wiring order (RateLimitModule after the auth module).
 */
@Controller('rate-limit-test')
@RequirePermissions('money_in:read')
class RateLimitTestController {
  @Get('items/:id')
  item(@Param('id') id: string) {
    return { id };
  }

  @Post('items')
  create() {
    return { created: true };
  }

  @Get('broken')
  broken() {
    throw new BadRequestException({ error_code: 'API_VALIDATION_ERROR', message: 'always wrong' });
  }

  @RateLimit({ perMinute: 2 })
  @Get('files/:id')
  file(@Param('id') id: string) {
    return { id };
  }

  @NoAuth()
  @Get('open')
  open() {
    return { open: true };
  }
}

@Module({ controllers: [RateLimitTestController] })
class RateLimitTestModule {}

/** The api module may import RateLimitModule already; listing it again is harmless (one instance). */
const extraModules = [RateLimitTestModule, RateLimitModule];

/** A minute-long window: the few requests of a test never straddle a meaningful part of it. */
const LIMITS = {
  RATE_LIMIT_TEST_PER_MINUTE: '5',
  RATE_LIMIT_LIVE_PER_MINUTE: '8',
  RATE_LIMIT_IP_PER_MINUTE: '10000',
  RATE_LIMIT_WINDOW_SECONDS: '60',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  body: unknown;
  limit: number;
  remaining: number;
  reset: number;
  retryAfter: string | null;
}

/** Who calls: a secret key of one mode of a provisioned business, or nobody. */
interface As {
  key?: string;
  method?: string;
}

async function call(baseUrl: string, path: string, as: As = {}): Promise<Answer> {
  const headers: Record<string, string> = as.key ? { authorization: basicAuth(as.key) } : {};
  const response = await fetch(`${baseUrl}${path}`, { method: as.method ?? 'GET', headers });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    limit: Number(response.headers.get('rate-limit-limit')),
    remaining: Number(response.headers.get('rate-limit-remaining')),
    reset: Number(response.headers.get('rate-limit-reset')),
    retryAfter: response.headers.get('retry-after'),
  };
}

async function statuses(baseUrl: string, path: string, count: number, as: As = {}): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) answers.push((await call(baseUrl, path, as)).status);
  return answers;
}

/** A new business (own counters), its secret key per mode. */
async function newBusiness(app: INestApplication): Promise<Record<Mode, string>> {
  const business = await provisionBusiness(app);
  return { test: business.test.secret_key, live: business.live.secret_key };
}

describe('rate limits (real app, real PostgreSQL)', () => {
  let gateway: TestApp;

  beforeAll(async () => {
    gateway = await startTestApp({ extraModules, env: LIMITS });
  });
  afterAll(async () => gateway?.close());

  it('puts the rate-limit headers on every response: success, error, unknown route, refused auth', async () => {
    const keys = await newBusiness(gateway.app);
    const ok = await call(gateway.baseUrl, '/rate-limit-test/items/a', { key: keys.test });
    expect(ok).toMatchObject({ status: 200, limit: 5, remaining: 4 });
    expect(ok.reset).toBeGreaterThanOrEqual(0);
    expect(ok.reset).toBeLessThanOrEqual(60);
    expect(Number.isInteger(ok.reset)).toBe(true);

    const failed = await call(gateway.baseUrl, '/rate-limit-test/broken', { key: keys.test });
    expect(failed).toMatchObject({ status: 400, limit: 5, remaining: 4 });

    // Unknown routes and requests refused by authentication report the per-IP limit.
    const missing = await call(gateway.baseUrl, '/rate-limit-test/nowhere', { key: keys.test });
    expect(missing).toMatchObject({ status: 404, limit: 10_000 });
    expect(missing.remaining).toBeGreaterThan(0);
    const anonymous = await call(gateway.baseUrl, '/rate-limit-test/items/a');
    expect(anonymous).toMatchObject({ status: 401, limit: 10_000 });
    const wrongKey = await call(gateway.baseUrl, '/rate-limit-test/items/a', { key: 'xnd_development_unknown' });
    expect(wrongKey).toMatchObject({ status: 401, limit: 10_000 });
    const open = await call(gateway.baseUrl, '/rate-limit-test/open');
    expect(open).toMatchObject({ status: 200, limit: 10_000 });
    expect(open.remaining).toBeLessThan(missing.remaining);
  });

  it('answers 429 RATE_LIMIT_EXCEEDED with headers once the quota is spent', async () => {
    const keys = await newBusiness(gateway.app);
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await call(gateway.baseUrl, `/rate-limit-test/items/${i}`, { key: keys.test }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.map((answer) => answer.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
    const refused = answers[5];
    expect(refused.body).toEqual({ error_code: 'RATE_LIMIT_EXCEEDED', message: expect.any(String) });
    expect(refused.limit).toBe(5);
    expect(refused.reset).toBeGreaterThanOrEqual(0);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
  });

  it('counts per endpoint (the route template, whatever the ids), per business and per mode', async () => {
    const keys = await newBusiness(gateway.app);
    expect(await statuses(gateway.baseUrl, '/rate-limit-test/items/x', 5, { key: keys.test })).toEqual([
      200, 200, 200, 200, 200,
    ]);
    expect((await call(gateway.baseUrl, '/rate-limit-test/items/another-id', { key: keys.test })).status).toBe(429);

    expect((await call(gateway.baseUrl, '/rate-limit-test/items', { key: keys.test, method: 'POST' })).status).toBe(
      201,
    );
    const other = await newBusiness(gateway.app);
    expect((await call(gateway.baseUrl, '/rate-limit-test/items/x', { key: other.test })).status).toBe(200);
    expect((await call(gateway.baseUrl, '/rate-limit-test/items/x', { key: keys.live })).status).toBe(200);
  });

  it('gives live mode its own, larger quota', async () => {
    const keys = await newBusiness(gateway.app);
    const live = await statuses(gateway.baseUrl, '/rate-limit-test/items/x', 9, { key: keys.live });
    expect(live).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    expect((await call(gateway.baseUrl, '/rate-limit-test/items/x', { key: keys.live })).limit).toBe(8);
    expect((await call(gateway.baseUrl, '/rate-limit-test/items/x', { key: keys.test })).limit).toBe(5);
  });

  it('applies an endpoint override in both modes', async () => {
    const keys = await newBusiness(gateway.app);
    for (const mode of ['test', 'live'] as const) {
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push(await call(gateway.baseUrl, `/rate-limit-test/files/f${i}`, { key: keys[mode] }));
      expect(answers.map((answer) => [answer.status, answer.limit])).toEqual([
        [200, 2],
        [200, 2],
        [429, 2],
      ]);
    }
  });

  describe('with a second api process on the same database', () => {
    let second: TestApp;

    beforeAll(async () => {
      second = await startTestApp({ extraModules, env: LIMITS, databaseUrl: gateway.db.url });
    });
    afterAll(async () => second?.close());

    const either = (i: number) => (i % 2 === 0 ? gateway.baseUrl : second.baseUrl);

    it('shares one budget: the combined requests are limited, not doubled', async () => {
      const keys = await newBusiness(gateway.app);
      const alternating = [];
      for (let i = 0; i < 8; i++)
        alternating.push((await call(either(i), '/rate-limit-test/items/x', { key: keys.test })).status);
      expect(alternating).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    });

    it('stays exact under concurrent requests to both', async () => {
      const keys = await newBusiness(gateway.app);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(either(i), '/rate-limit-test/items', { key: keys.test, method: 'POST' }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(15);
    });
  });
});

describe('the per-IP limit', () => {
  let gateway: TestApp;

  beforeAll(async () => {
    gateway = await startTestApp({
      extraModules,
      env: { ...LIMITS, RATE_LIMIT_IP_PER_MINUTE: '8', RATE_LIMIT_TEST_PER_MINUTE: '100' },
    });
  });
  afterAll(async () => gateway?.close());

  it(
    'counts every request from the address, authenticated or not, ' + 'known route or not; probes are not counted',
    async () => {
      const keys = await newBusiness(gateway.app);
      const mixed = [
        await call(gateway.baseUrl, '/rate-limit-test/open'),
        await call(gateway.baseUrl, '/rate-limit-test/open'),
        await call(gateway.baseUrl, '/health'),
        await call(gateway.baseUrl, '/nowhere'),
        await call(gateway.baseUrl, '/rate-limit-test/items/a'),
        await call(gateway.baseUrl, '/rate-limit-test/items/a', { key: keys.test }),
        await call(gateway.baseUrl, '/rate-limit-test/open'),
        await call(gateway.baseUrl, '/rate-limit-test/open'),
        await call(gateway.baseUrl, '/rate-limit-test/open'),
      ];
      expect(mixed.map((answer) => answer.status)).toEqual([200, 200, 200, 404, 401, 200, 200, 200, 200]);
      // The authenticated request reports its account limit instead; /health spends nothing (issue 19, item 17).
      expect(mixed.map((answer) => answer.remaining).filter((_, i) => i !== 5)).toEqual([7, 6, 6, 5, 4, 2, 1, 0]);

      const refused = await call(gateway.baseUrl, '/rate-limit-test/open');
      expect(refused).toMatchObject({
        status: 429,
        limit: 8,
        remaining: 0,
        body: { error_code: 'RATE_LIMIT_EXCEEDED', message: expect.any(String) },
      });
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
      // Refused before authentication: a valid key does not get around it.
      expect((await call(gateway.baseUrl, '/rate-limit-test/items/a', { key: keys.test })).status).toBe(429);
      // Probes are never rate limited, and still carry the headers.
      for (const probe of ['/health', '/ready'])
        expect(await call(gateway.baseUrl, probe)).toMatchObject({ status: 200, limit: 8, remaining: 0 });
    },
  );
});

describe('a sliding window', () => {
  const WINDOW_MS = 4000;
  let gateway: TestApp;

  beforeAll(async () => {
    gateway = await startTestApp({
      extraModules,
      env: { ...LIMITS, RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_MS / 1000) },
    });
  });
  afterAll(async () => gateway?.close());

  it('returns capacity as the previous window slides out, not all at once at the boundary', async () => {
    const { test: key } = await newBusiness(gateway.app);
    const windowStart = Math.ceil(Date.now() / WINDOW_MS) * WINDOW_MS;
    await sleep(windowStart - Date.now() + 20);

    expect(await statuses(gateway.baseUrl, '/rate-limit-test/items/x', 6, { key })).toEqual([
      200, 200, 200, 200, 200, 429,
    ]);

    // Just into the next window the last 4 seconds still hold 5 requests: a fixed window would reset here.
    await sleep(windowStart + WINDOW_MS + 100 - Date.now());
    expect((await call(gateway.baseUrl, '/rate-limit-test/items/x', { key })).status).toBe(429);

    // A quarter of the way in, a quarter of the previous window has slid out: one more request fits.
    await sleep(windowStart + WINDOW_MS + WINDOW_MS / 4 + 50 - Date.now());
    expect(await statuses(gateway.baseUrl, '/rate-limit-test/items/x', 2, { key })).toEqual([200, 429]);

    // After the Retry-After the client was given, it is let in again.
    const refused = await call(gateway.baseUrl, '/rate-limit-test/items/x', { key });
    expect(refused.status).toBe(429);
    await sleep(Number(refused.retryAfter) * 1000);
    expect((await call(gateway.baseUrl, '/rate-limit-test/items/x', { key })).status).toBe(200);
  });
});

describe('when the database is unreachable', () => {
  it('lets requests through with headers rather than failing them', async () => {
    const gateway = await startTestApp({
      extraModules,
      env: LIMITS,
      databaseUrl: 'postgres://nobody:nothing@127.0.0.1:1/none',
    });
    try {
      expect(await call(gateway.baseUrl, '/rate-limit-test/open')).toMatchObject({ status: 200, limit: 10_000 });
      expect(await call(gateway.baseUrl, '/health')).toMatchObject({ status: 200, limit: 10_000 });
    } finally {
      await gateway.close();
    }
  });
});
