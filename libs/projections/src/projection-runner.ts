import { type EventStore, type GlobalPosition, type RecordedEvent } from '@gateway/event-store';
import { Client, type Pool } from 'pg';
import type { IdleCheckpointMover } from './idle-checkpoint-mover';
import type { Projection } from './projection';
import { restoreDeferredIndexes } from './bulk/deferred-indexes';
import {
  advanceCheckpoint,
  beginWithCheckpointMove,
  ensureCheckpoint,
  readCheckpoint,
  recordProjectionError,
} from './projection-checkpoints';
import type { ProjectionProgress } from './projection-progress';
import { ProjectionResets } from './projection-resets';
import { applyPipelinedBatch } from './pipelined-batch';

export interface ProjectionRunnerOptions {
  batchSize?: number;
  /** How often a standby instance tries to take over the lease. */
  standbyPollMs?: number;
  /** First delay after a failing batch; doubles up to 30 s. */
  retryDelayMs?: number;
  onError?: (projection: string, error: unknown) => void;
  /** Shared by a process's runners: moves the checkpoints of pages with nothing to apply together. */
  idleCheckpoints?: IdleCheckpointMover;
  /**
   * Under a steady flow, read the log at most this often (SubscribeOptions.minReadIntervalMs):
   * larger batches. Not for a latency-sensitive projection, nor while a wait in the process waits.
   */
  readIntervalMs?: number;
  /**
   * Shared by a process's runners: rebuild resets heard on one LISTEN connection. Without it the
   * runner listens on a connection of its own while it follows (tests, a lone runner).
   */
  resets?: ProjectionResets;
}

/** `pg_try_advisory_lock(int4, int4)` below shows in pg_locks as classid, objid and objsubid 2. */
const PROJECTION_LEASE_HELD_SQL = `SELECT EXISTS (
  SELECT 1 FROM pg_locks
   WHERE locktype = 'advisory' AND granted AND objsubid = 2
     AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
     AND classid = hashtext('projection')::oid AND objid = hashtext($1)::oid) AS held`;

/**
 * Runs one projection: catch up from its checkpoint, then follow the log.
 *
 * One active instance per projection across processes: the runner holds a session-level
 * advisory lock on a dedicated connection and writes every batch through that same
 * connection, so if the process dies the lock and any open batch go with it, and a standby
 * takes over from the last committed checkpoint.
 */
export class ProjectionRunner {
  private readonly batchSize: number;
  private readonly standbyPollMs: number;
  private readonly retryDelayMs: number;
  private stopController = new AbortController();
  private loop?: Promise<void>;
  private leaseHeld = false;
  /** The runner's own reset listener, when none was shared with it (closed when it stops). */
  private ownResets?: ProjectionResets;

  constructor(
    private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly projection: Projection,
    private readonly progress?: ProjectionProgress,
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 1000;
    this.standbyPollMs = options.standbyPollMs ?? 2000;
    this.retryDelayMs = options.retryDelayMs ?? 500;
  }

  get name(): string {
    return this.projection.name;
  }

  /** True while this instance is the active one. */
  get isActive(): boolean {
    return this.leaseHeld;
  }

  start(): void {
    if (this.loop) return;
    this.stopController = new AbortController();
    this.loop = this.run(this.stopController.signal);
  }

  /** Stops after the batch in hand is committed (or rolled back). */
  async stop(): Promise<void> {
    this.stopController.abort();
    await this.loop;
    this.loop = undefined;
    await this.ownResets?.close();
    this.ownResets = undefined;
  }

  /**
   * Applies everything up to the current end of the log, then returns (for `cli projections
   * rebuild` when no worker holds the projection). Returns false when another instance holds it.
   */
  async runUntilCaughtUp(onBatch?: (applied: number, position: GlobalPosition) => void): Promise<boolean> {
    const lease = await this.tryAcquireLease();
    if (!lease) return false;
    try {
      await ensureCheckpoint(lease, this.name);
      await restoreDeferredIndexes(lease, this.name);
      let checkpoint = (await readCheckpoint(lease, this.name))!.position;
      for (;;) {
        const batch = await this.store.readAll({ after: checkpoint, maxCount: this.batchSize });
        if (batch.length === 0) return true;
        if (!(await this.applyBatch(lease, batch, checkpoint)))
          throw new Error(`Checkpoint of ${this.name} moved during catch-up`);
        checkpoint = batch[batch.length - 1].position;
        onBatch?.(batch.length, checkpoint);
      }
    } finally {
      await this.flushIdleMove();
      await this.releaseLease(lease);
    }
  }

  private async run(stop: AbortSignal): Promise<void> {
    let delay = this.retryDelayMs;
    let standby = false;
    while (!stop.aborted) {
      // A standby asks through the pool whether the lease is still held before it opens a
      // connection to take it: a session per attempt (a fork and an authentication every poll of
      // every projection) would cost the database more than the standby is worth.
      const free = !standby || (await this.leaseLooksFree().catch(() => true));
      const lease = free ? await this.tryAcquireLease().catch(() => undefined) : undefined;
      if (!lease) {
        standby = true;
        await sleep(this.standbyPollMs, stop);
        continue;
      }
      standby = false;
      try {
        await this.follow(lease, stop);
        delay = this.retryDelayMs;
      } catch (error) {
        this.options.onError?.(this.name, error);
        await recordProjectionError(this.pool, this.name, error).catch(() => undefined);
        await sleep(delay, stop);
        delay = Math.min(delay * 2, 30_000);
      } finally {
        await this.releaseLease(lease);
      }
    }
  }

  /** Follows the log until stopped, or until a rebuild resets the checkpoint (then returns to restart). */
  private async follow(lease: Client, stop: AbortSignal): Promise<void> {
    const restart = new AbortController();
    const onStop = () => restart.abort();
    stop.addEventListener('abort', onStop, { once: true });
    // A stop that came while the lease was being acquired fired no event: honour it here.
    if (stop.aborted) restart.abort();
    // Heard before the checkpoint is read: a reset from then on restarts the runner from the new one.
    const unwatch = await this.resets().watch(this.name, () => restart.abort(), restart.signal);
    try {
      await ensureCheckpoint(lease, this.name);
      // A rebuild cut short may have left the tables without their indexes: the live apply needs them.
      await restoreDeferredIndexes(lease, this.name);
      let checkpoint = (await readCheckpoint(lease, this.name))!.position;
      this.progress?.restartedAt(this.name, checkpoint);
      for await (const batch of this.store.subscribeToAll({
        after: checkpoint,
        maxCount: this.batchSize,
        signal: restart.signal,
        minReadIntervalMs: this.projection.latencySensitive ? 0 : this.options.readIntervalMs,
        urgency: this.progress?.urgencyOf(this.name),
      })) {
        if (!(await this.applyBatch(lease, batch, checkpoint))) return;
        checkpoint = batch[batch.length - 1].position;
        if (restart.signal.aborted) return;
      }
    } finally {
      await this.flushIdleMove();
      stop.removeEventListener('abort', onStop);
      unwatch();
    }
  }

  private resets(): ProjectionResets {
    if (this.options.resets) return this.options.resets;
    this.ownResets ??= new ProjectionResets(this.pool);
    return this.ownResets;
  }

  /**
   * One transaction: the read-model writes and the checkpoint move together, or not at all, in as
   * few round trips as the projection allows (`applyPipelinedBatch`: one when it plans its
   * statements). A batch with nothing for this projection (most batches of most projections) only
   * moves the checkpoint, and with the idle mover not even that at once: the mover sends every
   * runner's idle moves together once a window, and the next batch with work commits a move not
   * sent yet.
   */
  private async applyBatch(lease: Client, batch: RecordedEvent[], from: GlobalPosition): Promise<boolean> {
    const wanted = this.projection.eventTypes;
    const relevant = wanted ? batch.filter((event) => wanted.includes(event.type)) : batch;
    const to = batch[batch.length - 1].position;
    const idle = this.options.idleCheckpoints;
    // Other processes' read-your-writes waits learn of the move by NOTIFY; with none, nothing to announce.
    const announce = this.progress ? await this.progress.othersListen() : true;
    if (relevant.length === 0) {
      const moved = idle
        ? idle.defer(this.name, from, to, batch.length)
        : await advanceCheckpoint(lease, this.name, from, to, batch.length, announce);
      if (!moved) return false;
      this.progress?.report(this.name, to);
      return true;
    }
    // The idle pages before this one whose move has not left yet are committed with it.
    const deferred = idle ? await idle.take(this.name) : undefined;
    if (deferred === 'lost') return false;
    const seen = batch.length + (deferred?.seen ?? 0);
    const committed = await applyPipelinedBatch(lease, this.projection, relevant, () =>
      beginWithCheckpointMove(lease, this.name, deferred?.from ?? from, to, seen, announce),
    );
    if (!committed) return false;
    this.progress?.report(this.name, to);
    return true;
  }

  /** Sends this runner's idle move that has not left yet, so a runner that stops keeps its place. */
  private async flushIdleMove(): Promise<void> {
    await this.options.idleCheckpoints?.flush(this.name).catch(() => false);
  }

  /** False while a session of this database holds the projection's lease (the advisory lock below). */
  private async leaseLooksFree(): Promise<boolean> {
    const { rows } = await this.pool.query<{ held: boolean }>({
      name: 'projection_lease_held',
      text: PROJECTION_LEASE_HELD_SQL,
      values: [this.name],
    });
    return !rows[0].held;
  }

  private async tryAcquireLease(): Promise<Client | undefined> {
    // Pipelined: a batch's statements go out without waiting for each other (see applyBatch).
    const client = new Client({ ...this.pool.options, pipeline: true });
    client.on('error', () => undefined);
    await client.connect();
    const { rows } = await client.query<{ locked: boolean }>(
      "SELECT pg_try_advisory_lock(hashtext('projection'), hashtext($1)) AS locked",
      [this.name],
    );
    if (!rows[0].locked) {
      await client.end().catch(() => undefined);
      return undefined;
    }
    // A read model's batch commits without waiting for its WAL flush: a crash can lose only the
    // last batches together with their checkpoint (one transaction), and they are applied again
    // from the log on restart. Not for subscriptions whose effects left the database (webhook
    // deliveries): their batches stay durable before anything acts on them.
    if (this.projection.rebuildable !== false) await client.query('SET synchronous_commit = off');
    this.leaseHeld = true;
    return client;
  }

  private async releaseLease(client: Client): Promise<void> {
    this.leaseHeld = false;
    // Closing the session releases the advisory lock.
    await client.end().catch(() => undefined);
  }
}

function sleep(ms: number, stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (stop.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      stop.removeEventListener('abort', done);
      resolve();
    }
    stop.addEventListener('abort', done, { once: true });
  });
}
