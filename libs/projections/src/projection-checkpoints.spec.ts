import type { GlobalPosition } from '@gateway/event-store';
import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import { Client, type Notification, type PoolClient } from 'pg';
import {
  beginWithCheckpointMove,
  CHECKPOINT_CHANNEL,
  ensureCheckpoint,
  projectionMigrations,
  readCheckpoint,
} from './projection-checkpoints';
import { sendTogether } from './send-together';

const at = (commit: number, prepare = 1): GlobalPosition => ({ commit: BigInt(commit), prepare: BigInt(prepare) });

describe('beginWithCheckpointMove', () => {
  let db: TestDatabase;
  let client: PoolClient;
  let listener: PoolClient;
  const heard: string[] = [];
  beforeAll(async () => {
    db = await createTestDatabase([projectionMigrations]);
    client = await db.pool.connect();
    listener = await db.pool.connect();
    listener.on('notification', (message: Notification) => heard.push(message.payload ?? ''));
    await listener.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
  });
  afterAll(async () => {
    client.release();
    listener.release();
    await db.drop();
  });

  // A name with a quote and a backslash: the inlined literal must hold whatever a name holds.
  const name = "it's a \\ projection";

  it('opens the transaction with the move: committed with the batch, announced at commit', async () => {
    await ensureCheckpoint(db.pool, name);
    expect(await beginWithCheckpointMove(client, name, at(0, 0), at(12, 3), 5)).toBe(true);
    await client.query('CREATE TEMP TABLE batch_write (n int)'); // the batch's own writes go here
    expect((await readCheckpoint(db.pool, name))?.position).toEqual(at(0, 0)); // not before the commit
    await client.query('COMMIT');
    const row = await readCheckpoint(db.pool, name);
    expect(row?.position).toEqual(at(12, 3));
    expect(row?.eventsSeen).toBe(5n);
    // Delivered at commit, on the listener's own connection: wait for it (a loaded machine is slow).
    const deadline = Date.now() + 10_000;
    while (!heard.includes(`${name}|12|3`) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toContain(`${name}|12|3`);
  });

  it('does not move a checkpoint that is no longer where the batch began: the caller rolls back', async () => {
    expect(await beginWithCheckpointMove(client, name, at(0, 0), at(20, 1), 2)).toBe(false);
    await client.query('ROLLBACK');
    expect((await readCheckpoint(db.pool, name))?.position).toEqual(at(12, 3));
  });

  it('aborts the transaction itself when refused: writes and COMMIT pipelined behind it land nothing', async () => {
    const pipelined = new Client({ connectionString: db.url, pipeline: true });
    await pipelined.connect();
    try {
      await pipelined.query('CREATE TABLE IF NOT EXISTS pipelined_write (n int)');
      const sent = sendTogether(pipelined, () => ({
        moved: beginWithCheckpointMove(pipelined, name, at(0, 0), at(30, 1), 1),
        write: pipelined.query('INSERT INTO pipelined_write VALUES (1)'),
        commit: pipelined.query('COMMIT'),
      }));
      expect(await sent.moved).toBe(false);
      await expect(sent.write).rejects.toThrow(/current transaction is aborted/);
      expect((await sent.commit).command).toBe('ROLLBACK');
      expect((await db.pool.query('SELECT count(*)::int AS n FROM pipelined_write')).rows[0].n).toBe(0);
      expect((await readCheckpoint(db.pool, name))?.position).toEqual(at(12, 3));
      // And accepted: the same three commit together.
      const accepted = sendTogether(pipelined, () => ({
        moved: beginWithCheckpointMove(pipelined, name, at(12, 3), at(30, 1), 1),
        write: pipelined.query('INSERT INTO pipelined_write VALUES (2)'),
        commit: pipelined.query('COMMIT'),
      }));
      expect(await accepted.moved).toBe(true);
      await accepted.write;
      expect((await accepted.commit).command).toBe('COMMIT');
      expect((await db.pool.query('SELECT n FROM pipelined_write')).rows).toEqual([{ n: 2 }]);
      expect((await readCheckpoint(db.pool, name))?.position).toEqual(at(30, 1));
    } finally {
      await pipelined.end();
    }
  });

  it('refuses a count that is not one before sending anything', async () => {
    await expect(beginWithCheckpointMove(client, name, at(30, 1), at(31, 1), 1.5)).rejects.toThrow(RangeError);
    // No transaction was opened: a plain statement runs on its own.
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
