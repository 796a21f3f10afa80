import 'reflect-metadata';
import { CoreModule, installGracefulShutdown, prepareInfrastructure, runMain } from '@gateway/bootstrap';
import { loadConfig } from '@gateway/config';
import { JsonLogger } from '@gateway/http-edge';
import { type DynamicModule, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { WorkerModule } from './worker.module';

@Module({})
class WorkerAppModule {
  static forRoot(options: Parameters<typeof CoreModule.forRoot>[0]): DynamicModule {
    return { module: WorkerAppModule, imports: [CoreModule.forRoot(options), WorkerModule] };
  }
}

/** The worker alone: subscriptions and scheduler, against a shared DATABASE_URL. */
async function main(): Promise<void> {
  const logger = new Logger('Worker');
  const config = loadConfig(process.env);
  const jsonLogger = new JsonLogger({ level: config.LOG_LEVEL, pretty: process.stdout.isTTY === true });
  Logger.overrideLogger(jsonLogger);
  const database = await prepareInfrastructure(config, (line) => logger.debug(line.trim()));
  const app = await NestFactory.createApplicationContext(
    WorkerAppModule.forRoot({ config, databaseUrl: database.url }),
    {
      logger: jsonLogger,
    },
  );
  await app.init();
  installGracefulShutdown(app, database, { log: (line) => logger.log(line) });
  logger.log('Worker running');
}

runMain(main);
