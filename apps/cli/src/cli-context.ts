import 'reflect-metadata';
import { CoreModule, prepareInfrastructure } from '@gateway/bootstrap';
import { ProjectionHost } from '@gateway/worker';
import { loadConfig } from '@gateway/config';
import { type DatabaseTarget } from '@gateway/database';
import { type DynamicModule, type INestApplicationContext, Module } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';

@Module({})
class CliModule {
  static forRoot(options: Parameters<typeof CoreModule.forRoot>[0]): DynamicModule {
    // Projections run here too: with no worker running, a command's read-your-writes wait is
    // served by this process; with one running, its lease wins and these stand by.
    return { module: CliModule, imports: [CoreModule.forRoot(options), DiscoveryModule], providers: [ProjectionHost] };
  }
}

/**
 * Runs one CLI command inside the gateway's application context (same configuration,
 * database and modules as the api), then shuts everything down.
 */
export async function withCliContext<T>(work: (app: INestApplicationContext) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database: DatabaseTarget = await prepareInfrastructure(config);
  const app = await NestFactory.createApplicationContext(
    CliModule.forRoot({ config, databaseUrl: database.url, poolSize: 5 }),
    {
      logger: ['error', 'warn'],
    },
  );
  try {
    return await work(app);
  } finally {
    await app.close();
    await database.embedded?.stop();
  }
}
