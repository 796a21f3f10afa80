/*
 * A hand-run throughput check of the rate limiter (not part of `npx jest`: the name does not
 * match testMatch). One route: bare; behind the limiter with leases of 50 and of 1; behind one
 * upsert per request (design option (a), for comparison); and behind a pass-through middleware or
 * interceptor (what Nest itself charges for each). docs/decisions.md, "Rate limits", quotes it.
 *
 *   npx jest --testMatch '**\/rate-limit-throughput.check.ts' --testTimeout 900000
 *   (CHECK_ROUNDS and CHECK_SECONDS change the 3 rounds of 5 s)
 *
 * It reports, per variant, the best throughput over interleaved rounds (the machine may be
 * shared: the best round is the least disturbed one), the api process's CPU time per request
 * (what the limiter costs wherever it runs) and database round trips per request. autocannon
 * runs in a child process, off the server's event loop.
 */
import { type AppConfig, loadConfig } from '@gateway/config';
import { PERMISSIONS } from '@gateway/domain';
import {
  gatewayState,
  NoAuth,
  PostgresQuotaStore,
  QuotaStore,
  RateLimitModule,
  rateLimitMigrations,
} from '@gateway/http-edge';
import { PlatformModule } from '@gateway/runtime';
import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import {
  type CallHandler,
  type CanActivate,
  Controller,
  type DynamicModule,
  type ExecutionContext,
  Get,
  Injectable,
  type MiddlewareConsumer,
  Module,
  type NestInterceptor,
  type NestMiddleware,
  type NestModule,
  type Type,
} from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { Request, Response } from 'express';
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { Pool } from 'pg';

const DURATION_SECONDS = Number(process.env.CHECK_SECONDS ?? 5);
const ROUNDS = Number(process.env.CHECK_ROUNDS ?? 3);
const CONNECTIONS = 50;

/** Stands in for the API-key guard: `x-test-business` makes the request authenticated. */
@Injectable()
class HeaderCallerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const businessId = request.headers['x-test-business'];
    if (typeof businessId === 'string') {
      const key = {
        keyId: 'key',
        businessId,
        mode: 'live' as const,
        kind: 'secret' as const,
        permissions: [...PERMISSIONS],
      };
      gatewayState(request).caller = { key, businessId, mode: 'live' };
    }
    return true;
  }
}

@Controller('check')
class CheckController {
  @NoAuth()
  @Get('ping')
  ping() {
    return { ok: true };
  }
}

@Module({ controllers: [CheckController], providers: [{ provide: APP_GUARD, useClass: HeaderCallerGuard }] })
class CheckModule {}

/** What any global interceptor costs in Nest (the account limit is one; idempotency and versioning are others). */
@Injectable()
class PassThroughInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler) {
    return next.handle();
  }
}

@Module({ providers: [{ provide: APP_INTERCEPTOR, useClass: PassThroughInterceptor }] })
class PassThroughInterceptorModule {}

/** What any module middleware costs in Nest (the IP limit is one). */
@Module({})
class PassThroughMiddlewareModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply((_request: Request, _response: Response, next: () => void) => next()).forRoutes('*');
  }
}

/**
 * Design option (a) for comparison: one INSERT ... ON CONFLICT ... RETURNING per request, the
 * same statement the store uses, with no lease and no sharing between concurrent requests.
 */
@Injectable()
class UpsertPerRequestMiddleware implements NestMiddleware {
  private readonly store: PostgresQuotaStore;

  constructor(pool: Pool) {
    this.store = new PostgresQuotaStore(pool);
  }

  async use(_request: Request, _response: Response, next: () => void): Promise<void> {
    const windowStart = Math.floor(Date.now() / 60_000) * 60_000;
    await this.store.reserve({
      key: 'ip:check',
      windowStart,
      windowMs: 60_000,
      limit: 1_000_000_000,
      previousWeight: 1,
      wanted: 1,
    });
    next();
  }
}

@Module({ providers: [UpsertPerRequestMiddleware] })
class UpsertPerRequestModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(UpsertPerRequestMiddleware).forRoutes('*');
  }
}

interface Variant {
  name: string;
  modules: Type[];
  leaseSize: number;
  authenticated: boolean;
}

const VARIANTS: Variant[] = [
  { name: 'bare route', modules: [], leaseSize: 50, authenticated: false },
  { name: 'bare route, authenticated (caller set, no limit)', modules: [], leaseSize: 50, authenticated: true },
  {
    name: 'bare route + pass-through middleware',
    modules: [PassThroughMiddlewareModule],
    leaseSize: 50,
    authenticated: false,
  },
  {
    name: 'bare route + pass-through interceptor',
    modules: [PassThroughInterceptorModule],
    leaseSize: 50,
    authenticated: false,
  },
  { name: 'IP limit, lease 50', modules: [RateLimitModule], leaseSize: 50, authenticated: false },
  { name: 'IP + account limits, lease 50', modules: [RateLimitModule], leaseSize: 50, authenticated: true },
  { name: 'IP limit, lease 1', modules: [RateLimitModule], leaseSize: 1, authenticated: false },
  { name: 'IP + account limits, lease 1', modules: [RateLimitModule], leaseSize: 1, authenticated: true },
  { name: 'option (a): one upsert per request', modules: [UpsertPerRequestModule], leaseSize: 1, authenticated: false },
];

interface Measurement {
  requestsPerSecond: number;
  cpuMicrosPerRequest: number;
  roundTripsPerRequest: number;
}

async function measure(database: TestDatabase, variant: Variant): Promise<Measurement> {
  const unlimited = String(1_000_000_000);
  const config: AppConfig = loadConfig({
    RATE_LIMIT_IP_PER_MINUTE: unlimited,
    RATE_LIMIT_LIVE_PER_MINUTE: unlimited,
    RATE_LIMIT_LEASE_SIZE: String(variant.leaseSize),
  });
  const imports: (Type | DynamicModule)[] = [
    PlatformModule.forRoot({ config, databaseUrl: database.url }),
    CheckModule,
    ...variant.modules,
  ];
  const moduleRef = await Test.createTestingModule({ imports }).compile();
  const app = moduleRef.createNestApplication({ logger: ['error'] });
  await app.listen(0, '127.0.0.1');
  let roundTrips = 0;
  if (variant.modules.includes(RateLimitModule)) {
    const store = app.get(QuotaStore);
    const reserve = store.reserve.bind(store);
    store.reserve = (request) => {
      roundTrips += 1;
      return reserve(request);
    };
  }
  try {
    const { port } = app.getHttpServer().address() as AddressInfo;
    const headers = variant.authenticated ? ['-H', 'x-test-business=biz_check'] : [];
    const cpuBefore = process.cpuUsage();
    const { stdout } = await promisify(execFile)(
      'node_modules/.bin/autocannon',
      [
        '-c',
        String(CONNECTIONS),
        '-d',
        String(DURATION_SECONDS),
        '-j',
        ...headers,
        `http://127.0.0.1:${port}/check/ping`,
      ],
      { maxBuffer: 10_000_000 },
    );
    const cpu = process.cpuUsage(cpuBefore);
    const result = JSON.parse(stdout) as {
      requests: { average: number; total: number };
      non2xx: number;
      errors: number;
    };
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${variant.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return {
      requestsPerSecond: result.requests.average,
      cpuMicrosPerRequest: (cpu.user + cpu.system) / result.requests.total,
      roundTripsPerRequest: variant.modules.includes(UpsertPerRequestModule) ? 1 : roundTrips / result.requests.total,
    };
  } finally {
    await app.close();
  }
}

describe('rate limiter throughput (run by hand)', () => {
  it('measures each variant', async () => {
    const database = await createTestDatabase([rateLimitMigrations]);
    try {
      const runs = new Map<Variant, Measurement[]>(VARIANTS.map((variant) => [variant, []]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const variant of VARIANTS) runs.get(variant)!.push(await measure(database, variant));
      }
      const best = (variant: Variant) => Math.max(...runs.get(variant)!.map((run) => run.requestsPerSecond));
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      const bare = best(VARIANTS[0]);
      const bareCpu = median(runs.get(VARIANTS[0])!.map((run) => run.cpuMicrosPerRequest));
      const lines = [
        `${ROUNDS} rounds of ${DURATION_SECONDS} s, ${CONNECTIONS} connections`,
        '| variant | best req/s | of bare | api CPU µs/request (median) | extra CPU µs | DB round trips/request |',
        '| --- | ---: | ---: | ---: | ---: | ---: |',
      ];
      for (const variant of VARIANTS) {
        const cpu = median(runs.get(variant)!.map((run) => run.cpuMicrosPerRequest));
        const trips = median(runs.get(variant)!.map((run) => run.roundTripsPerRequest));
        lines.push(
          `| ${variant.name} | ${best(variant).toFixed(0)} | ${(best(variant) / bare).toFixed(2)} | ` +
            `${cpu.toFixed(0)} | ${(cpu - bareCpu).toFixed(0)} | ${trips.toFixed(3)} |`,
        );
      }
      process.stdout.write(`\n${lines.join('\n')}\n`);
    } finally {
      await database.drop();
    }
  });
});
