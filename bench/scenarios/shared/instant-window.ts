import { AdvanceTestClockCommand } from '@gateway/accounts';
import { CoreModule } from '@gateway/bootstrap';
import { nextExecutionTime } from '@gateway/disbursements';
import { Clock } from '@gateway/clock';
import { loadConfig } from '@gateway/config';
import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';

@Module({})
class ClockWriterModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: ClockWriterModule,
      imports: [CoreModule.forRoot({ config: loadConfig({ LOG_LEVEL: 'error' }), databaseUrl, poolSize: 2 })],
    };
  }
}

/**
 * Moves a business's test clock into the instant transfer window (08:00–22:00 Jakarta), so the
 * simulated rail completes disbursements during the run whatever the real hour: every run measures
 * the same work (the rail job, its appends and the journal postings run alongside the requests).
 * There is no HTTP route for the test clock, so this runs the command in a short-lived context
 * on the gateway's database; the gateway reads the offset on every call (BusinessClock).
 */
export async function moveTestClockIntoInstantWindow(databaseUrl: string, businessId: string): Promise<void> {
  const app = await NestFactory.createApplicationContext(ClockWriterModule.forRoot(databaseUrl), { logger: ['error'] });
  try {
    const now = await app.get(Clock).now({ businessId, mode: 'test' });
    const opensIn = nextExecutionTime(now, true).getTime() - now.getTime();
    if (opensIn > 0)
      await app.get(CommandBus).execute(
        new AdvanceTestClockCommand(businessId, opensIn + 60_000, {
          requestId: 'bench_clock',
          actor: 'system:bench',
        }),
      );
  } finally {
    await app.close();
  }
}
