import { AppConfig } from '@gateway/config';
import { type CapturedRequest, RequestLogSink } from '@gateway/http-edge';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { RequestLogStore } from '../../read-models/request-log-store';
import { type StoredRequest, toStoredRequest } from './stored-request';

/** Most captured requests written per INSERT. */
const BATCH_SIZE = 500;
/** A request waits at most this long before its batch is written (when fewer than BATCH_SIZE arrive). */
const FLUSH_DELAY_MS = 200;
/**
 * Captured requests held in memory at most (about BATCH_SIZE × 20 batches). When the database
 * cannot keep up, newer requests are dropped and counted rather than slowing every request down
 * or growing the heap without bound: the log is for developers, the answers are what matter.
 */
const MAX_PENDING = 10_000;
const DROP_REPORT_INTERVAL_MS = 60_000;

/**
 * The request log's sink: takes captured requests from the edge (`record` only queues a
 * reference), and writes them in batches from a timer, so redaction, serialisation and the INSERT
 * all happen after the answers went out: at most one INSERT per FLUSH_DELAY_MS unless BATCH_SIZE
 * requests are waiting. A failed batch is retried entry by entry once, so one unstorable entry
 * never loses its neighbours.
 */
@Injectable()
export class RequestLogWriter extends RequestLogSink implements OnModuleDestroy {
  private readonly logger = new Logger('RequestLog');
  private pending: CapturedRequest[] = [];
  private timer?: NodeJS.Timeout;
  private timerDueAt = 0;
  private writing?: Promise<void>;
  private dropped = 0;
  private lastDropReport = 0;

  constructor(
    private readonly store: RequestLogStore,
    private readonly config: AppConfig,
  ) {
    super();
  }

  record(captured: CapturedRequest): void {
    if (this.pending.length >= MAX_PENDING) {
      this.dropped += 1;
      this.reportDrops();
      return;
    }
    this.pending.push(captured);
    this.schedule(this.pending.length >= BATCH_SIZE ? 0 : FLUSH_DELAY_MS);
  }

  /** Writes everything recorded so far (tests, shutdown). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.writing || this.pending.length > 0) {
      if (this.writing) await this.writing;
      else await this.startWriting();
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }

  private schedule(delayMs: number): void {
    if (this.writing) return; // the running write looks again when it ends
    const dueAt = Date.now() + delayMs;
    if (this.timer && this.timerDueAt <= dueAt) return;
    clearTimeout(this.timer);
    this.timerDueAt = dueAt;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.startWriting();
    }, delayMs);
    // Never keeps a process alive on its own; shutdown flushes explicitly.
    this.timer.unref();
  }

  /**
   * One batch per turn, then wait again unless a full batch is already waiting: under steady load
   * that is one INSERT per FLUSH_DELAY_MS, not a stream of tiny transactions each INSERT's round
   * trip would otherwise start.
   */
  private startWriting(): Promise<void> {
    this.writing ??= this.writeBatch().finally(() => {
      this.writing = undefined;
      if (this.pending.length > 0) this.schedule(this.pending.length >= BATCH_SIZE ? 0 : FLUSH_DELAY_MS);
    });
    return this.writing;
  }

  private async writeBatch(): Promise<void> {
    const batch = this.pending.splice(0, BATCH_SIZE);
    await this.write(batch.flatMap((captured) => this.stored(captured)));
  }

  private stored(captured: CapturedRequest): StoredRequest[] {
    try {
      return [toStoredRequest(captured, this.config.REQUEST_LOG_BODY_LIMIT)];
    } catch (error) {
      this.logger.warn(`A request could not be prepared for the request log: ${describe(error)}`);
      return [];
    }
  }

  private async write(rows: StoredRequest[]): Promise<void> {
    try {
      await this.store.insert(rows);
    } catch (error) {
      if (rows.length === 1) {
        this.logger.warn(`A request log entry could not be stored: ${describe(error)}`);
        return;
      }
      for (const row of rows) await this.write([row]);
    }
  }

  private reportDrops(): void {
    const now = Date.now();
    if (now - this.lastDropReport < DROP_REPORT_INTERVAL_MS) return;
    this.lastDropReport = now;
    this.logger.warn(
      `Request log behind: ${this.dropped} requests not logged so far (more than ${MAX_PENDING} waiting to be written)`,
    );
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
