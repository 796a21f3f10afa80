import { AppConfig } from '@gateway/config';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Pool } from 'pg';
import { CallbackSender } from './callback-sender';
import { OutboundHttp } from './outbound-http';

/** Attempts in flight per worker process: enough to keep a fast receiver busy. */
const SENDER_CONCURRENCY = 128;

/**
 * Runs the callback sender in a worker process (the api alone sends nothing). Live-mode HTTPS
 * is enforced per delivery: the sender holds one client per mode.
 */
@Injectable()
export class CallbackSenderHost implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('CallbackSender');
  private readonly sender: CallbackSender;
  private readonly clients: OutboundHttp[];

  constructor(pool: Pool, config: AppConfig, commands: CommandBus, queries: QueryBus) {
    const policy = { allowPrivateTargets: config.WEBHOOK_ALLOW_PRIVATE_TARGETS, timeoutMs: config.WEBHOOK_TIMEOUT_MS };
    const test = new OutboundHttp({ ...policy, requireHttps: false });
    const live = new OutboundHttp({ ...policy, requireHttps: true });
    this.clients = [test, live];
    this.sender = new CallbackSender(
      pool,
      { test, live },
      commands,
      queries,
      {
        // Unique even for two senders in one process (tests run several apps in one process).
        workerId: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
        concurrency: SENDER_CONCURRENCY,
        perUrlConcurrency: config.WEBHOOK_ENDPOINT_CONCURRENCY,
        // An attempt never outlives its timeout; the margin covers recording its outcome.
        leaseMs: config.WEBHOOK_TIMEOUT_MS + 5_000,
        pollIntervalMs: 1000,
      },
      this.logger,
    );
  }

  onApplicationBootstrap(): void {
    this.sender.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.sender.stop();
    for (const client of this.clients) client.close();
  }
}
