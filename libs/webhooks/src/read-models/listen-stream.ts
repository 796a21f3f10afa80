import { PgListener } from '@gateway/database';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { LISTEN_CHANNEL } from './listen-messages';

/** A listener that stops polling stops being served after this long (longer than the longest poll). */
export const LISTENER_TTL_MS = 60_000;
/** Listen messages are kept this long: a listener that reconnects within it misses nothing. */
export const LISTEN_RETENTION_MS = 3_600_000;
/** Messages per answer at most; the next poll continues after the last. */
export const LISTEN_PAGE = 100;
/** While a poll waits, the table is also read this often, in case a NOTIFY was lost. */
const FALLBACK_CHECK_MS = 2_000;

export interface ListenMessage {
  /** The `webhook-id` of the forwarded copy. */
  id: string;
  /** Poll with `after=<cursor>` to get what follows. */
  cursor: string;
  kind: string;
  eventType: string;
  resourceId: string;
  /** The body exactly as a delivery would send it. */
  payload: string;
  occurredAt: Date;
}

export interface ListenPoll {
  /** Continue from here; absent `after`, the newest message so far (a new listener starts now). */
  after?: string;
  /** How long to wait for a first message when none is there yet (0: answer at once). */
  waitMs: number;
  /** Only these callback kinds (all when absent). */
  kinds?: readonly string[];
  /** The client went away: stop waiting. */
  signal?: AbortSignal;
}

export interface ListenBatch {
  messages: ListenMessage[];
  nextCursor: string;
}

interface MessageRow {
  seq: string;
  message_id: string;
  kind: string;
  event_type: string;
  resource_id: string;
  payload: string;
  occurred_at: Date;
}

/**
 * What `listen` reads: a business's test-mode callbacks, as the dispatcher wrote them while the
 * business had a listener. Each poll keeps the business listened to for LISTENER_TTL_MS; a poll
 * with nothing to return waits (long poll) until the dispatcher NOTIFYs a message for the business.
 */
@Injectable()
export class ListenStream implements OnModuleDestroy {
  private readonly logger = new Logger('Listen');
  private listener?: PgListener;
  private readonly waiters = new Map<string, Set<() => void>>();
  /** Set once the module is being destroyed: waiting polls answer at once. */
  private releasing = false;

  constructor(private readonly pool: Pool) {}

  /** The business's listen signing secret: made on first use, then the same for good. */
  async secretOf(businessId: string): Promise<string> {
    // Twice at most: a concurrent first call may commit its secret after this statement's snapshot.
    for (let attempt = 0; ; attempt++) {
      const candidate = `whsec_${randomBytes(32).toString('base64')}`;
      const { rows } = await this.pool.query<{ secret: string }>(
        `WITH made AS (INSERT INTO webhook_listen_secrets (business_id, secret) VALUES ($1, ` +
          `$2) ON CONFLICT (business_id) DO NOTHING RETURNING secret)
         SELECT secret FROM made UNION ALL SELECT secret FROM webhook_listen_secrets WHERE business_id = $1`,
        [businessId, candidate],
      );
      if (rows[0] || attempt > 0) return rows[0].secret;
    }
  }

  /** Registers (or extends) the business's listener, then answers what follows `after`, waiting if told to. */
  async poll(businessId: string, poll: ListenPoll): Promise<ListenBatch> {
    await this.keepListening(businessId);
    if (poll.after === undefined) return { messages: [], nextCursor: await this.newestCursor() };
    const deadline = Date.now() + poll.waitMs;
    for (;;) {
      const messages = await this.read(businessId, poll.after, poll.kinds);
      const remaining = deadline - Date.now();
      if (messages.length > 0 || remaining <= 0 || poll.signal?.aborted || this.releasing) {
        return { messages, nextCursor: messages.at(-1)?.cursor ?? poll.after };
      }
      await this.waitFor(businessId, Math.min(remaining, FALLBACK_CHECK_MS), poll.signal);
    }
  }

  /** The newest messages of the business still kept, newest first (the dashboard's listen page). */
  async recent(businessId: string, limit: number): Promise<ListenMessage[]> {
    const { rows } = await this.pool.query<MessageRow>(
      `SELECT seq, message_id, kind, event_type, resource_id, payload, occurred_at FROM webhook_listen_messages
        WHERE business_id = $1 ORDER BY seq DESC LIMIT $2`,
      [businessId, limit],
    );
    return rows.map(messageOf);
  }

  /**
   * The business is listened to for `ttlMs` more (never less than someone else asked for);
   * what is past retention goes.
   */
  async keepListening(businessId: string, ttlMs = LISTENER_TTL_MS): Promise<void> {
    await this.pool.query(
      `INSERT INTO webhook_listeners (business_id, active_until) VALUES ($1, now() + $2 * interval '1 millisecond')
       ON CONFLICT (business_id) DO UPDATE SET active_until = GREATEST(webhook_listeners.active_until, ` +
        `EXCLUDED.active_until)`,
      [businessId, ttlMs],
    );
    // Cheap (indexed, usually nothing to do), and only while someone listens somewhere.
    await this.pool.query(
      `DELETE FROM webhook_listen_messages WHERE created_at < now() - $1 * interval '1 millisecond'`,
      [LISTEN_RETENTION_MS],
    );
    await this.pool.query('DELETE FROM webhook_listeners WHERE active_until < now()');
  }

  async onModuleDestroy(): Promise<void> {
    this.releasing = true;
    this.wakeAll();
    await this.listener?.close();
    this.listener = undefined;
  }

  private wakeAll(): void {
    for (const wake of [...this.waiters.values()].flatMap((set) => [...set])) wake();
  }

  private async newestCursor(): Promise<string> {
    const { rows } = await this.pool.query<{ seq: string | null }>(
      'SELECT max(seq)::text AS seq FROM webhook_listen_messages',
    );
    return rows[0]?.seq ?? '0';
  }

  private async read(businessId: string, after: string, kinds?: readonly string[]): Promise<ListenMessage[]> {
    const { rows } = await this.pool.query<MessageRow>(
      `SELECT seq, message_id, kind, event_type, resource_id, payload, occurred_at FROM webhook_listen_messages
        WHERE business_id = $1 AND seq > $2 AND ($3::text[] IS NULL OR kind = ANY($3))
        ORDER BY seq LIMIT $4`,
      [businessId, after, kinds && kinds.length > 0 ? kinds : null, LISTEN_PAGE],
    );
    return rows.map(messageOf);
  }

  /** Resolves on a NOTIFY for the business, after `timeoutMs`, or when the client went away. */
  private waitFor(businessId: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    this.ensureListening();
    return new Promise((resolve) => {
      const waiters = this.waiters.get(businessId) ?? new Set();
      this.waiters.set(businessId, waiters);
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        waiters.delete(done);
        if (waiters.size === 0 && this.waiters.get(businessId) === waiters) this.waiters.delete(businessId);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal?.addEventListener('abort', done, { once: true });
      waiters.add(done);
    });
  }

  private ensureListening(): void {
    if (this.listener) return;
    this.listener = new PgListener(this.pool, LISTEN_CHANNEL, {
      onNotification: (businessId) => this.wake(businessId),
      // Reconnected: whatever was NOTIFYed meanwhile is lost, so every waiter looks again.
      onConnected: () => {
        for (const businessId of [...this.waiters.keys()]) this.wake(businessId);
      },
      onLost: (error) =>
        this.logger.warn(
          `LISTEN ${LISTEN_CHANNEL} lost, reconnecting: ${error instanceof Error ? error.message : String(error)}`,
        ),
    });
    this.listener.start();
  }

  private wake(businessId: string): void {
    for (const wake of [...(this.waiters.get(businessId) ?? [])]) wake();
  }
}

function messageOf(row: MessageRow): ListenMessage {
  return {
    id: row.message_id,
    cursor: String(row.seq),
    kind: row.kind,
    eventType: row.event_type,
    resourceId: row.resource_id,
    payload: row.payload,
    occurredAt: row.occurred_at,
  };
}
