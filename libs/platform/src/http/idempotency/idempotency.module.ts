import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { Pool } from 'pg';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { DEFAULT_IDEMPOTENCY_OPTIONS, IDEMPOTENCY_OPTIONS, type IdempotencyOptions } from './idempotency-options';
import { IdempotencyStore } from './idempotency-store';
import { IdempotencySweeper } from './idempotency-sweeper';

function idempotencyProviders(options: IdempotencyOptions): Provider[] {
  return [
    { provide: IDEMPOTENCY_OPTIONS, useValue: options },
    { provide: IdempotencyStore, useFactory: (pool: Pool) => new IdempotencyStore(pool, options), inject: [Pool] },
    IdempotencySweeper,
    IdempotencyInterceptor,
    // Importing the module is what makes every route idempotent.
    { provide: APP_INTERCEPTOR, useExisting: IdempotencyInterceptor },
  ];
}

/**
 * Registers IdempotencyInterceptor as a global interceptor, and the sweeper of expired
 * records: `imports: [IdempotencyModule.forRoot()]` once, in the api's root module (it needs
 * PlatformModule's Pool). Options override the timings (tests, tuning).
 */
@Module({})
export class IdempotencyModule {
  static forRoot(options: Partial<IdempotencyOptions> = {}): DynamicModule {
    return {
      module: IdempotencyModule,
      providers: idempotencyProviders({ ...DEFAULT_IDEMPOTENCY_OPTIONS, ...options }),
      exports: [IdempotencyStore, IdempotencySweeper],
    };
  }
}
