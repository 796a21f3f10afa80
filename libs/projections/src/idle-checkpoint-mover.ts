import type { GlobalPosition } from '@gateway/event-store';
import { LookupCombiner } from '@gateway/database';
import type { Pool } from 'pg';
import { CHECKPOINT_CHANNEL } from './projection-checkpoints';

interface Move {
  from: GlobalPosition;
  to: GlobalPosition;
  seen: number;
}

/**
 * Moves the checkpoints of projections that had nothing to apply in a page. A worker's runners
 * share each page (one read), and most pages concern a few of them: without this, every other
 * runner would spend its own round trip and commit on moving its checkpoint. Concurrent moves
 * become one statement, with the same compare-and-set on the old position as a batch's own
 * move (a rebuild that reset a checkpoint makes its move fail) and the same announcement.
 *
 * Each runner has at most one move in flight, so the rows of concurrent statements never
 * overlap and cannot deadlock.
 */
export class IdleCheckpointMover {
  private readonly pending = new Map<string, Move>();
  private readonly combiner: LookupCombiner<true>;

  constructor(private readonly pool: Pool) {
    this.combiner = new LookupCombiner((names) => this.moveAll(names));
  }

  /** False when the stored checkpoint is no longer `from` (a rebuild reset it). */
  async move(name: string, from: GlobalPosition, to: GlobalPosition, seen: number): Promise<boolean> {
    this.pending.set(name, { from, to, seen });
    return (await this.combiner.load(name)) === true;
  }

  private async moveAll(names: string[]): Promise<Map<string, true>> {
    const rows = names.map((name) => {
      const { from, to, seen } = this.pending.get(name)!;
      this.pending.delete(name);
      return {
        name,
        fromCommit: from.commit.toString(),
        fromPrepare: from.prepare.toString(),
        toCommit: to.commit.toString(),
        toPrepare: to.prepare.toString(),
        seen,
      };
    });
    const { rows: moved } = await this.pool.query<{ name: string }>({
      name: 'projection_move_idle_checkpoints',
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
             SELECT name, pg_notify($2, name || '|' || commit_pos || '|' || prepare_pos) FROM moved`,
      values: [JSON.stringify(rows), CHECKPOINT_CHANNEL],
    });
    return new Map(moved.map((row) => [row.name, true]));
  }
}
