import type { GlobalPosition } from '@gateway/event-store';
import { countingPool, type CountingPool, createTestDatabase, type TestDatabase } from '@gateway/testing';
import type { Pool } from 'pg';
import { IdleCheckpointMover } from './idle-checkpoint-mover';
import { projectionMigrations, readCheckpoint } from './projection-checkpoints';

const at = (commit: number, prepare = 1): GlobalPosition => ({ commit: BigInt(commit), prepare: BigInt(prepare) });
// Long enough that a loaded machine cannot pass it between two statements of a test.
const WINDOW_MS = 300;
const afterWindow = () => new Promise((resolve) => setTimeout(resolve, WINDOW_MS * 3));

describe('IdleCheckpointMover', () => {
  let db: TestDatabase;
  /** The database, counting the statements the mover sends (a plain pass-through: the rows are real). */
  let counting: CountingPool;
  let pool: Pool;
  beforeAll(async () => {
    db = await createTestDatabase([projectionMigrations]);
    counting = countingPool(db.pool);
    pool = counting.pool;
  });
  afterAll(async () => db.drop());
  beforeEach(() => counting.reset());
  // Every test flushes or takes back what its mover deferred: a window left to fire later would
  // send its statement during the next test and be counted there.

  /** Until the mover has sent `count` statements (the first of them may still be on its way). */
  const sent = async (count: number) => {
    while (counting.statements < count) await new Promise((resolve) => setImmediate(resolve));
  };
  const checkpointAt = async (name: string, position: GlobalPosition) => {
    await db.pool.query(
      `INSERT INTO projection_checkpoints (name, commit_pos, prepare_pos) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET commit_pos = $2, prepare_pos = $3, events_seen = 0`,
      [name, position.commit.toString(), position.prepare.toString()],
    );
  };
  const seenBy = async (name: string) =>
    Number(
      (await db.pool.query('SELECT events_seen FROM projection_checkpoints WHERE name = $1', [name])).rows[0]
        .events_seen,
    );

  it('sends the idle moves of every runner in one statement a window, consecutive pages as one move', async () => {
    const mover = new IdleCheckpointMover(pool, WINDOW_MS);
    for (const name of ['w-a', 'w-b', 'w-c']) await checkpointAt(name, at(10));
    expect(mover.defer('w-a', at(10), at(11), 2)).toBe(true);
    expect(mover.defer('w-a', at(11), at(12), 3)).toBe(true);
    expect(mover.defer('w-b', at(10), at(12), 5)).toBe(true);
    expect(mover.defer('w-c', at(10), at(13), 7)).toBe(true);
    // Nothing leaves before the window ends.
    expect(counting.statements).toBe(0);
    expect((await readCheckpoint(db.pool, 'w-a'))?.position).toEqual(at(10));
    await sent(1);
    // Sent: once returned, nothing is left to take back.
    for (const name of ['w-a', 'w-b', 'w-c']) expect(await mover.take(name)).toBeUndefined();
    expect(counting.statements).toBe(1);
    expect((await readCheckpoint(db.pool, 'w-a'))?.position).toEqual(at(12));
    expect((await readCheckpoint(db.pool, 'w-b'))?.position).toEqual(at(12));
    expect((await readCheckpoint(db.pool, 'w-c'))?.position).toEqual(at(13));
    expect([await seenBy('w-a'), await seenBy('w-b'), await seenBy('w-c')]).toEqual([5, 5, 7]);
  });

  it('gives an unsent move back to a runner about to commit a batch: nothing is sent for it', async () => {
    const mover = new IdleCheckpointMover(pool, WINDOW_MS);
    await checkpointAt('t-a', at(20));
    mover.defer('t-a', at(20), at(21), 4);
    mover.defer('t-a', at(21), at(22), 1);
    expect(await mover.take('t-a')).toEqual({ from: at(20), to: at(22), seen: 5 });
    await afterWindow();
    expect(counting.statements).toBe(0);
    expect((await readCheckpoint(db.pool, 't-a'))?.position).toEqual(at(20));
    expect(await mover.take('t-a')).toBeUndefined();
  });

  it('a move from a position a rebuild reset fails; the runner learns it at its next page, once', async () => {
    const mover = new IdleCheckpointMover(pool, WINDOW_MS);
    await checkpointAt('r-a', at(30));
    await checkpointAt('r-b', at(30));
    // A rebuild moved r-a's checkpoint back while its runner was on: its move no longer matches.
    await checkpointAt('r-a', at(5));
    mover.defer('r-a', at(30), at(31), 1);
    mover.defer('r-b', at(30), at(31), 1);
    await sent(1);
    expect(await mover.take('r-b')).toBeUndefined(); // r-b's move (and r-a's, the same statement) returned
    expect((await readCheckpoint(db.pool, 'r-a'))?.position).toEqual(at(5));
    expect((await readCheckpoint(db.pool, 'r-b'))?.position).toEqual(at(31));
    expect(mover.defer('r-a', at(31), at(32), 1)).toBe(false);
    expect(mover.defer('r-b', at(31), at(32), 1)).toBe(true);
    // The runner stops on it (`flush` says so) and starts afresh: the next move is its own again.
    expect(await mover.flush('r-a')).toBe(false);
    expect(mover.defer('r-a', at(5), at(6), 1)).toBe(true);
    expect(await mover.flush('r-a')).toBe(true);
    expect((await readCheckpoint(db.pool, 'r-a'))?.position).toEqual(at(6));
    // r-b's runner goes on unharmed (and its move leaves now, not during the next test).
    expect(await mover.flush('r-b')).toBe(true);
    expect((await readCheckpoint(db.pool, 'r-b'))?.position).toEqual(at(32));
  });

  it('a taken move waits for the same runner’s move in flight, and learns its failure', async () => {
    const mover = new IdleCheckpointMover(pool, 0);
    await checkpointAt('f-a', at(40));
    await checkpointAt('f-a', at(1)); // reset under the runner
    mover.defer('f-a', at(40), at(41), 1);
    await sent(1); // the window (0 ms) has sent it
    expect(await mover.take('f-a')).toBe('lost');
    expect(await mover.take('f-a')).toBeUndefined();
  });

  it('keeps one move of a runner in flight: the next waits for it, so moves commit in order', async () => {
    const mover = new IdleCheckpointMover(pool, 0);
    await checkpointAt('o-a', at(50));
    mover.defer('o-a', at(50), at(51), 1);
    await sent(1); // sent, not yet back
    mover.defer('o-a', at(51), at(52), 1);
    expect(await mover.flush('o-a')).toBe(true);
    expect((await readCheckpoint(db.pool, 'o-a'))?.position).toEqual(at(52));
    expect(await seenBy('o-a')).toBe(2);
  });

  it('a stopping runner flushes its unsent move at once', async () => {
    const mover = new IdleCheckpointMover(pool, 60_000);
    await checkpointAt('s-a', at(60));
    mover.defer('s-a', at(60), at(64), 9);
    expect(await mover.flush('s-a')).toBe(true);
    expect((await readCheckpoint(db.pool, 's-a'))?.position).toEqual(at(64));
    expect(await seenBy('s-a')).toBe(9);
    expect(await mover.flush('s-a')).toBe(true);
    expect(counting.statements).toBe(1);
  });
});
