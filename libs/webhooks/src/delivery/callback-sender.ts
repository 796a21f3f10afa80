import {
  type CallbackEndpointView,
  type CallbackKind,
  DisableCallbackEndpointCommand,
  GetCallbackEndpointQuery,
} from '@gateway/accounts';
import { PgListener, SCHEDULER_WAKEUP_CHANNEL } from '@gateway/database';
import type { LoggerService } from '@nestjs/common';
import type { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { nextStepAfter, parseRetryAfter } from '../domain/retry-policy';
import { callbackHeaders } from './callback-headers';
import { DELIVERIES_CHANNEL } from '../read-models/callback-dispatcher.projection';
import { type ClaimedDelivery, DeliveryQueue } from '../read-models/delivery-queue';
import type { OutboundHttp, PostResult } from './outbound-http';

export interface CallbackSenderOptions {
  workerId: string;
  /** Most attempts in flight in this process. */
  concurrency: number;
  /** Most attempts in flight to one URL across all senders. */
  perUrlConcurrency: number;
  /** How long a claimed delivery is ours: longer than the attempt timeout. */
  leaseMs: number;
  /** Fallback re-check when no NOTIFY arrives; also how soon retries due by time are seen. */
  pollIntervalMs: number;
}

/**
 * Sends due deliveries: claims them (SKIP LOCKED, so several workers never send one attempt
 * twice), posts each with its token and signature, records the attempt and the next step from
 * the retry policy. Woken by NOTIFY when the dispatcher creates deliveries.
 */
export class CallbackSender {
  private readonly queue: DeliveryQueue;
  private readonly inFlight = new Set<Promise<void>>();
  private listeners: PgListener[] = [];
  private wakeUp?: () => void;
  private woken = false;
  /**
   * The last claim was limited by free slots, here or per URL: more may be due, so a freed
   * slot is worth a claim. Otherwise nothing new is due until a NOTIFY (or the poll) says so,
   * and a claim per finished attempt would cost a query per callback.
   */
  private saturated = false;
  private readonly inFlightByUrl = new Map<string, number>();
  private stopping = false;
  private loop?: Promise<void>;

  constructor(
    private readonly pool: Pool,
    /** Test mode may call plain HTTP; live mode only HTTPS. */
    private readonly http: Record<'test' | 'live', OutboundHttp>,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly options: CallbackSenderOptions,
    private readonly logger: Pick<LoggerService, 'warn' | 'error'>,
  ) {
    this.queue = new DeliveryQueue(pool);
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    // New deliveries, and advanced test clocks (which make test-mode retries due at once).
    this.listeners = [DELIVERIES_CHANNEL, SCHEDULER_WAKEUP_CHANNEL].map(
      (channel) =>
        new PgListener(this.pool, channel, {
          onNotification: () => this.wake(),
          onConnected: () => this.wake(),
          onLost: (error) => {
            this.logger.warn(`Callback sender LISTEN on ${channel} lost, reconnecting: ${describe(error)}`);
          },
        }),
    );
    for (const listener of this.listeners) listener.start();
    this.loop = this.run();
  }

  /** Stops claiming and waits for attempts in flight (bounded by the attempt timeout). */
  async stop(): Promise<void> {
    if (!this.loop) return;
    this.stopping = true;
    this.wake();
    await this.loop;
    await Promise.all(this.inFlight);
    await Promise.all(this.listeners.map((listener) => listener.close()));
    this.listeners = [];
    this.loop = undefined;
  }

  /** Wakes the loop at once (a resend made deliveries due). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      this.woken = false;
      const free = this.options.concurrency - this.inFlight.size;
      let claimedAll = false;
      if (free <= 0) this.saturated = true;
      else {
        try {
          const batch = await this.queue.claimDue({
            limit: free,
            perUrlLimit: this.options.perUrlConcurrency,
            workerId: this.options.workerId,
            leaseMs: this.options.leaseMs,
          });
          for (const delivery of batch) this.track(delivery.url, this.attempt(delivery));
          claimedAll = batch.length === free;
          this.saturated =
            claimedAll || [...this.inFlightByUrl.values()].some((count) => count >= this.options.perUrlConcurrency);
        } catch (error) {
          this.logger.error(`Could not claim due callbacks: ${describe(error)}`);
        }
      }
      // A full batch suggests more are due: look again at once instead of sleeping.
      if (!this.stopping && !this.woken && !claimedAll) await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.pollIntervalMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }

  private track(url: string, run: Promise<void>): void {
    this.inFlight.add(run);
    this.inFlightByUrl.set(url, (this.inFlightByUrl.get(url) ?? 0) + 1);
    void run.finally(() => {
      this.inFlight.delete(run);
      const left = this.inFlightByUrl.get(url)! - 1;
      if (left === 0) this.inFlightByUrl.delete(url);
      else this.inFlightByUrl.set(url, left);
      if (this.saturated) this.wake();
    });
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    try {
      const endpoint = await this.queries.execute(
        new GetCallbackEndpointQuery(delivery.businessId, delivery.mode, delivery.kind as CallbackKind),
      );
      const result = await this.http[delivery.mode].post(
        delivery.url,
        delivery.payload,
        this.headersFor(delivery, endpoint),
      );
      await this.recordOutcome(delivery, result);
    } catch (error) {
      // The outcome is lost; the lease expires and the delivery is attempted again (at least once).
      this.logger.error(`Callback ${delivery.deliveryId} could not be completed: ${describe(error)}`);
    }
  }

  private headersFor(delivery: ClaimedDelivery, endpoint: CallbackEndpointView): Record<string, string> {
    return callbackHeaders(
      {
        id: delivery.deliveryId,
        payload: delivery.payload,
        signingSecret: endpoint.signingSecret,
        callbackToken: endpoint.callbackToken,
        userAgent: 'payment-gateway-callbacks/1',
      },
      new Date(),
    );
  }

  private async recordOutcome(delivery: ClaimedDelivery, result: PostResult): Promise<void> {
    const attemptedAt = delivery.businessNow;
    const firstAttemptAt = delivery.firstAttemptAt ?? attemptedAt;
    const attemptNumber = delivery.attempts + 1;
    const next = nextStepAfter(
      {
        statusCode: result.statusCode,
        retryAfterMs: parseRetryAfter(result.retryAfter, attemptedAt),
        refused: result.refused,
      },
      {
        schedule: delivery.schedule,
        attemptNumber,
        firstAttemptAt,
        attemptedAt,
        manual: delivery.manualResend,
        configuredEndpoint: delivery.configuredUrl,
      },
    );
    const alert =
      next.status === 'failed' && next.raiseAlert
        ? {
            businessId: delivery.businessId,
            mode: delivery.mode,
            kind: delivery.kind,
            message:
              `${delivery.kind} callback ${delivery.deliveryId} failed ${attemptNumber} times; ` +
              `the merchant must be contacted`,
          }
        : undefined;
    const recorded = await this.queue.record({
      deliveryId: delivery.deliveryId,
      workerId: this.options.workerId,
      attemptedAt,
      firstAttemptAt,
      next,
      manual: delivery.manualResend,
      statusCode: result.statusCode,
      latencyMs: result.latencyMs,
      responseExcerpt: result.responseExcerpt,
      error:
        result.error ??
        (result.statusCode !== undefined && next.status !== 'succeeded' ? `HTTP ${result.statusCode}` : undefined),
      alert,
    });
    if (!recorded) return;
    if (alert) this.logger.warn(alert.message);
    if (next.status === 'failed' && next.disableEndpoint) {
      await this.commands.execute(
        new DisableCallbackEndpointCommand(
          delivery.businessId,
          delivery.mode,
          delivery.kind as CallbackKind,
          delivery.url,
          '410 Gone',
          {
            requestId: `callback:${delivery.deliveryId}`,
            actor: 'system:webhooks',
            businessId: delivery.businessId,
            mode: delivery.mode,
          },
        ),
      );
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
