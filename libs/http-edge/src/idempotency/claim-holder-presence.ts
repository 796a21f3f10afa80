import { PgListener } from '@gateway/database';
import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Pool } from 'pg';

/** Listened on, never notified: the LISTEN is only there so the connection exists. */
const PRESENCE_CHANNEL = 'gateway_claim_holders';
const FIRST_CONNECTION_WAIT_MS = 5_000;

/**
 * Who holds an idempotency claim, in a form every other process can check: this process's
 * LISTEN connection, whose `application_name` starts with the process's identity. PostgreSQL
 * ends that session the moment the process dies (a killed process's sockets close), so a claim
 * whose holder has no session left belongs to a dead request, and a retry of it may take it over
 * at once instead of waiting for the lease (docs/decisions.md, "A dead request's key is taken
 * over at once"). While the connection is down (a drop, start-up) claims carry no holder and the
 * lease alone decides, as before.
 */
@Injectable()
export class ClaimHolderPresence implements OnModuleInit, OnApplicationShutdown {
  private connected = false;
  private readonly listener: PgListener;
  private readonly firstConnection: Promise<void>;

  constructor(pool: Pool) {
    let markConnected: () => void = () => undefined;
    this.firstConnection = new Promise((resolve) => (markConnected = resolve));
    this.listener = new PgListener(pool, PRESENCE_CHANNEL, {
      onNotification: () => undefined,
      onConnected: () => {
        this.connected = true;
        markConnected();
      },
      onLost: () => (this.connected = false),
    });
  }

  /**
   * Starts listening, and waits (a few seconds at most) for the session, so that the first keyed
   * requests already name their holder; past that the api starts anyway and claims rely on leases.
   */
  async onModuleInit(): Promise<void> {
    this.listener.start();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.firstConnection,
      new Promise((resolve) => (timer = setTimeout(resolve, FIRST_CONNECTION_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }

  /** How this process's LISTEN session's application_name starts, while that session is up. */
  holder(): string | undefined {
    return this.connected ? this.listener.identity : undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    this.connected = false;
    await this.listener.close();
  }
}
