import { AdvanceTestClockCommand, ProvisionBusinessCommand, type ProvisionedBusiness } from '@gateway/accounts';
import { nextExecutionTime } from '@gateway/disbursements';
import { allMigrations, CoreModule } from '@gateway/bootstrap';
import { TopUpBalanceCommand } from '@gateway/ledger';
import { Clock } from '@gateway/clock';
import { loadConfig } from '@gateway/config';
import { migrate } from '@gateway/database';
import { WorkerModule } from '@gateway/worker';
import { type DynamicModule, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import type { BenchDatabase } from '../../core/bench-postgres';

@Module({})
class LedgerBenchModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: LedgerBenchModule,
      imports: [
        CoreModule.forRoot({ config: loadConfig({ LOG_LEVEL: 'error' }), databaseUrl, poolSize: 20 }),
        WorkerModule,
      ],
    };
  }
}

/** The gateway's modules (api's command side plus the worker) in this process, on a bench database. */
export async function startGatewayContext(database: BenchDatabase): Promise<INestApplicationContext> {
  await migrate(database.pool, allMigrations);
  const app = await NestFactory.createApplicationContext(LedgerBenchModule.forRoot(database.url), {
    logger: ['error'],
  });
  await app.init();
  return app;
}

export const benchContext = (what: string) => ({ requestId: `bench_${what}`, actor: 'system:bench' });

/**
 * A test-mode business with `amount` settled in CASH, whose test clock stands inside the instant
 * transfer window (08:00–22:00 Jakarta), so the simulated rail completes disbursements during the
 * run whatever the real hour: every run measures the same whole lifecycle.
 */
export async function fundedBusiness(app: INestApplicationContext, amount: number): Promise<ProvisionedBusiness> {
  const commands = app.get(CommandBus);
  const business: ProvisionedBusiness = await commands.execute(
    new ProvisionBusinessCommand(`Bench ${Math.random()}`, benchContext('provision')),
  );
  const now = await app.get(Clock).now({ businessId: business.business_id, mode: 'test' });
  const opensIn = nextExecutionTime(now, true).getTime() - now.getTime();
  if (opensIn > 0)
    await commands.execute(new AdvanceTestClockCommand(business.business_id, opensIn + 60_000, benchContext('clock')));
  await commands.execute(
    new TopUpBalanceCommand(
      business.business_id,
      'test',
      { amount, currency: 'IDR', channel: 'TEST_TOPUP', settlement: 'immediate' },
      { ...benchContext('top-up'), businessId: business.business_id, mode: 'test' },
    ),
  );
  return business;
}
