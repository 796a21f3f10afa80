import type { GlobalPosition } from '@gateway/event-store';
import type { Pool } from 'pg';
import { CHECKPOINT_CHANNEL } from './projection-checkpoints';

/** An idle move not sent yet: where the stored checkpoint is, where it goes, how many events it passes. */
interface PendingMove {
  from: GlobalPosition;
  to: GlobalPosition;
  seen: number;
}

/** How long an idle move waits for others: one statement a window, whatever the load. */
const DEFAULT_WINDOW_MS = 50;

/**
 * Moves the checkpoints of projections that had nothing to apply in a page. A worker's runners
 * share each page (one read), and most pages concern a few of them: most of a runner's pages are
 * idle, and a statement and commit for each cost more than the page's real work (0.9 statements
 * an invoice, at 400 invoices a second).
 *
 * So idle moves are deferred: a runner hands its move over and goes on to the next page; the
 * moves of every runner leave together once a window (50 ms), in one statement, and consecutive
 * idle pages of a runner become one move. A runner whose next page has work takes its unsent move
 * back and commits it with that batch (`take`). What a deferred move costs: after a crash, a
 * restarted runner re-reads up to a window of pages it had nothing to do with; another process
 * learns of the idle progress up to a window later (this process's waiters learn at once).
 *
 * The compare-and-set is the batch move's: a move from a position that is no longer the stored
 * one (a rebuild reset the checkpoint) fails, the runner learns it at its next page and restarts.
 * A runner never has two moves in flight: a window skips a runner whose previous move has not
 * returned, so moves of one checkpoint commit in order and concurrent statements never share rows.
 */
export class IdleCheckpointMover {
  private readonly pending = new Map<string, PendingMove>();
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Runners whose last move failed: their checkpoint was reset under them. */
  private readonly lost = new Set<string>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly pool: Pool,
    private readonly windowMs = DEFAULT_WINDOW_MS,
    /** Whether the moves are announced (NOTIFY): only other processes need it (`ProjectionProgress.othersListen`). */
    private readonly announce: () => Promise<boolean> = () => Promise.resolve(true),
  ) {}

  /**
   * Records that `name` passed from `from` to `to` with nothing to apply; its move leaves with the
   * next window. False when an earlier move of `name` failed (a rebuild reset its checkpoint).
   */
  defer(name: string, from: GlobalPosition, to: GlobalPosition, seen: number): boolean {
    if (this.lost.has(name)) return false;
    const earlier = this.pending.get(name);
    this.pending.set(name, earlier ? { from: earlier.from, to, seen: earlier.seen + seen } : { from, to, seen });
    this.timer ??= this.nextWindow();
    return true;
  }

  /**
   * For a runner about to commit a batch: its unsent move, taken back to be committed with the
   * batch (which then moves the checkpoint from the move's `from`, counting its events), once a
   * move already sent has returned. `lost` when a move failed: the checkpoint was reset.
   */
  async take(name: string): Promise<PendingMove | undefined | 'lost'> {
    const unsent = this.pending.get(name);
    this.pending.delete(name);
    await this.inFlight.get(name);
    if (this.lost.delete(name)) return 'lost';
    return unsent;
  }

  /** Sends `name`'s unsent move now (a runner stopping); false when it failed or an earlier one had. */
  async flush(name: string): Promise<boolean> {
    const unsent = await this.take(name);
    if (unsent === 'lost') return false;
    if (!unsent) return true;
    const moved = await this.send(new Map([[name, unsent]])).catch(() => new Set<string>());
    // Told to the caller, not kept: the runner that stops reads its checkpoint afresh when it starts.
    this.lost.delete(name);
    return moved.has(name);
  }

  /** Unref'd: a stopping process flushes its runners' moves itself (`flush`), it need not wait for a window. */
  private nextWindow(): NodeJS.Timeout {
    return setTimeout(() => void this.sendWindow(), this.windowMs).unref();
  }

  private async sendWindow(): Promise<void> {
    this.timer = undefined;
    const moves = new Map<string, PendingMove>();
    for (const [name, move] of this.pending) {
      if (this.inFlight.has(name)) continue; // its previous move first: checkpoint moves in order
      moves.set(name, move);
      this.pending.delete(name);
    }
    // Left behind for a move still in flight: the next window takes them.
    if (this.pending.size > 0) this.timer = this.nextWindow();
    if (moves.size === 0) return;
    await this.send(moves).catch(() => undefined);
  }

  /** One statement for all `moves`; the ones that failed their compare-and-set are recorded as lost. */
  private send(moves: Map<string, PendingMove>): Promise<Set<string>> {
    const sent = this.statement(moves).then(
      (moved) => {
        for (const name of moves.keys()) if (!moved.has(name)) this.lost.add(name);
        return moved;
      },
      (error: unknown) => {
        // Not known to have moved: the runners start again from their stored checkpoints.
        for (const name of moves.keys()) this.lost.add(name);
        throw error;
      },
    );
    // What `take` awaits: settled once `lost` says how the move went; never rejects.
    const returned: Promise<void> = sent
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        for (const name of moves.keys()) if (this.inFlight.get(name) === returned) this.inFlight.delete(name);
      });
    for (const name of moves.keys()) this.inFlight.set(name, returned);
    return sent;
  }

  private async statement(moves: Map<string, PendingMove>): Promise<Set<string>> {
    const rows = [...moves].map(([name, { from, to, seen }]) => ({
      name,
      fromCommit: from.commit.toString(),
      fromPrepare: from.prepare.toString(),
      toCommit: to.commit.toString(),
      toPrepare: to.prepare.toString(),
      seen,
    }));
    const announce = await this.announce();
    const { rows: moved } = await this.pool.query<{ name: string }>({
      name: announce ? 'projection_move_idle_checkpoints' : 'projection_move_idle_checkpoints_quietly',
      text:
        `WITH wanted AS (
               SELECT * FROM json_to_recordset($1::json)
                 AS w (name text, "fromCommit" numeric, "fromPrepare" numeric, "toCommit" numeric, ` +
        `"toPrepare" numeric, seen bigint)
             ), moved AS (
               UPDATE projection_checkpoints c
                  SET commit_pos = w."toCommit", prepare_pos = w."toPrepare", events_seen = c.events_seen + w.seen,
                      last_error = NULL, last_error_at = NULL, updated_at = now()
                 FROM wanted w
                WHERE c.name = w.name AND c.commit_pos = w."fromCommit" AND c.prepare_pos = w."fromPrepare"
               RETURNING c.name, c.commit_pos, c.prepare_pos
             )
             SELECT name, ${announce ? "pg_notify($2, name || '|' || commit_pos || '|' || prepare_pos)" : '$2::text'}
               FROM moved`,
      values: [JSON.stringify(rows), CHECKPOINT_CHANNEL],
    });
    return new Set(moved.map((row) => row.name));
  }
}
