import type { GlobalPosition } from '@gateway/event-store';
import { createTestDatabase, type TestDatabase } from '@gateway/testing';
import type { Notification, PoolClient } from 'pg';
import {
  beginWithCheckpointMove,
  CHECKPOINT_CHANNEL,
  ensureCheckpoint,
  projectionMigrations,
  readCheckpoint,
} from './projection-checkpoints';

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

  it('refuses a count that is not one before sending anything', async () => {
    await expect(beginWithCheckpointMove(client, name, at(12, 3), at(13, 1), 1.5)).rejects.toThrow(RangeError);
    // No transaction was opened: a plain statement runs on its own.
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
