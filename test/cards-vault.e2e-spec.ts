import { allMigrations } from '@gateway/bootstrap';
import { CardVault } from '@gateway/cards';
import { loadConfig } from '@gateway/config';
import { createTestDatabase, type TestDatabase } from '@gateway/testing';

/** The card vault on a real PostgreSQL: AES-256-GCM at rest, bound to its row, and key rotation. */
describe('card vault', () => {
  let db: TestDatabase;
  const key = (byte: number) => Buffer.alloc(32, byte).toString('base64');
  const vaultWith = (keys: string) =>
    new CardVault(db.pool, loadConfig({ NODE_ENV: 'production', CARD_VAULT_KEY: keys }));

  beforeAll(async () => {
    db = await createTestDatabase(allMigrations, 4);
  });
  afterAll(async () => db?.drop());

  it('stores ciphertext only and reveals the number to the same business and mode', async () => {
    const vault = vaultWith(`k1:${key(1)}`);
    await vault.store({ vaultId: 'v-1', businessId: 'biz-a', mode: 'test', cardNumber: '4000000000000002' });
    const { rows } = await db.pool.query(
      `SELECT row_to_json(t)::text AS row, ciphertext FROM card_vault t WHERE vault_id = 'v-1'`,
    );
    expect(rows[0].row).not.toContain('4000000000000002');
    expect((rows[0].ciphertext as Buffer).includes(Buffer.from('4000000000000002'))).toBe(false);
    expect(await vault.reveal('v-1', 'biz-a', 'test')).toBe('4000000000000002');
    expect(await vault.reveal('v-1', 'biz-b', 'test')).toBeUndefined();
    expect(await vault.reveal('v-1', 'biz-a', 'live')).toBeUndefined();
  });

  it('a ciphertext moved to another row does not decrypt (the row is authenticated data)', async () => {
    const vault = vaultWith(`k1:${key(1)}`);
    await vault.store({ vaultId: 'v-2', businessId: 'biz-a', mode: 'test', cardNumber: '5200000000000007' });
    await vault.store({ vaultId: 'v-3', businessId: 'biz-c', mode: 'test', cardNumber: '4000000000000010' });
    await db.pool.query(
      `UPDATE card_vault SET (key_id, iv, ciphertext, auth_tag) = (SELECT key_id, iv, ciphertext, ` +
        `auth_tag FROM card_vault WHERE vault_id = 'v-2') WHERE vault_id = 'v-3'`,
    );
    await expect(vault.reveal('v-3', 'biz-c', 'test')).rejects.toThrow();
  });

  it(
    'rotation: a new first key encrypts, old rows still decrypt, ' + 'reencryptAll moves them, then the old key can go',
    async () => {
      const old = vaultWith(`k1:${key(1)}`);
      await old.store({ vaultId: 'v-4', businessId: 'biz-a', mode: 'test', cardNumber: '4000000000000044' });
      const rotating = vaultWith(`k2:${key(2)},k1:${key(1)}`);
      await rotating.store({ vaultId: 'v-5', businessId: 'biz-a', mode: 'test', cardNumber: '5200000000000049' });
      expect(await rotating.reveal('v-4', 'biz-a', 'test')).toBe('4000000000000044');
      await db.pool.query(`DELETE FROM card_vault WHERE vault_id = 'v-3'`); // the tampered row of the previous test
      expect(await rotating.reencryptAll(2)).toBeGreaterThanOrEqual(3);
      expect(await rotating.reencryptAll()).toBe(0);
      const { rows } = await db.pool.query<{ key_id: string }>('SELECT DISTINCT key_id FROM card_vault');
      expect(rows).toEqual([{ key_id: 'k2' }]);
      const rotated = vaultWith(`k2:${key(2)}`);
      expect(await rotated.reveal('v-4', 'biz-a', 'test')).toBe('4000000000000044');
      expect(await rotated.reveal('v-5', 'biz-a', 'test')).toBe('5200000000000049');
    },
  );
});
