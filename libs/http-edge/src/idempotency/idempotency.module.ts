import { type DynamicModule, Module, type NestModule, type Provider } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, HttpAdapterHost, MetadataScanner } from '@nestjs/core';
import { Pool } from 'pg';
import { AppConfig } from '@gateway/config';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { DEFAULT_IDEMPOTENCY_OPTIONS, IDEMPOTENCY_OPTIONS, type IdempotencyOptions } from './idempotency-options';
import { attachIdempotencyInterceptor, bindIdempotencyToMutatingRoutes } from './idempotency-route-binding';
import { ClaimHolderPresence } from './claim-holder-presence';
import { IdempotencyStore } from './idempotency-store';
import { IdempotencySweeper } from './idempotency-sweeper';
import { installSkippableInterceptors } from '../skippable-interceptors';

function idempotencyProviders(overrides: Partial<IdempotencyOptions>): Provider[] {
  return [
    {
      provide: IDEMPOTENCY_OPTIONS,
      useFactory: (config: AppConfig): IdempotencyOptions => ({
        ...DEFAULT_IDEMPOTENCY_OPTIONS,
        leaseMs: config.IDEMPOTENCY_LEASE_MS,
        ...overrides,
      }),
      inject: [AppConfig],
    },
    ClaimHolderPresence,
    {
      provide: IdempotencyStore,
      useFactory: (pool: Pool, options: IdempotencyOptions, presence: ClaimHolderPresence) =>
        new IdempotencyStore(pool, options, () => presence.holder()),
      inject: [Pool, IDEMPOTENCY_OPTIONS, ClaimHolderPresence],
    },
    IdempotencySweeper,
    IdempotencyInterceptor,
  ];
}

/**
 * Makes every POST and PATCH route idempotent and sweeps expired records:
 * `imports: [IdempotencyModule.forRoot()]` once, in the api's root module (it needs
 * PlatformModule's Pool and AppConfig). The lease is IDEMPOTENCY_LEASE_MS; options override the
 * timings (tests, tuning).
 */
@Module({})
export class IdempotencyModule implements NestModule {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly interceptor: IdempotencyInterceptor,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  static forRoot(options: Partial<IdempotencyOptions> = {}): DynamicModule {
    return {
      module: IdempotencyModule,
      imports: [DiscoveryModule],
      providers: idempotencyProviders(options),
      exports: [IdempotencyStore, IdempotencySweeper],
    };
  }

  /** Runs before Nest builds the routes, so the binding is in place when it reads the metadata. */
  configure(): void {
    bindIdempotencyToMutatingRoutes(this.discovery, this.scanner);
    // Unkeyed requests (most) then run their handler without Nest's interceptor pipeline.
    installSkippableInterceptors();
    attachIdempotencyInterceptor(this.adapterHost.httpAdapter.getInstance(), this.interceptor);
  }
}
