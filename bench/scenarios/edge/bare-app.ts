import 'reflect-metadata';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

/**
 * The `edge` scenario's reference: the smallest Nest 11 application on the Express platform,
 * one route and no logger. Started by the scenario as `node dist/bench/scenarios/edge/bare-app.js`
 * in its own process; listens on PORT (0: any free port) on loopback and prints the port it got.
 * Never imported: importing it would start a server.
 */
@Controller()
class HelloController {
  @Get('hello')
  hello(): { hello: string } {
    return { hello: 'world' };
  }
}

@Module({ controllers: [HelloController] })
class BareAppModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create(BareAppModule, { logger: false });
  await app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  process.stdout.write(`bare app listening on port ${port}\n`);
  // Exit normally on the scenario's SIGTERM, so `node --cpu-prof` writes its profile.
  process.once('SIGTERM', () => process.exit(0));
}

main().catch((error: unknown) => {
  process.stderr.write(`bare app failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
