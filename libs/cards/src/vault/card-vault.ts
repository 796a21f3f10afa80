import { AppConfig } from '@gateway/config';
import { AesGcmKeyRing } from '@gateway/runtime';
import { Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { withPooledClient } from '@gateway/database';

/**
 * Card numbers at rest: AES-256-GCM, a fresh 12-byte IV per card, the row's identity (vault id,
 * business, mode) as additional authenticated data so a ciphertext copied to another row or
 * business does not decrypt. Keys come from CARD_VAULT_KEY: the first encrypts, every listed key
 * decrypts the rows stored under its id (rotation: docs/operations.md). The CVN is never given to
 * the vault, nor stored anywhere.
 */
@Injectable()
export class CardVault {
  private readonly keys: AesGcmKeyRing;

  constructor(
    private readonly pool: Pool,
    config: AppConfig,
  ) {
    this.keys = new AesGcmKeyRing(config.CARD_VAULT_KEY, 'CARD_VAULT_KEY');
  }

  async store(entry: {
    vaultId: string;
    businessId: string;
    mode: 'test' | 'live';
    cardNumber: string;
  }): Promise<void> {
    const sealed = this.seal(entry.cardNumber, aadOf(entry));
    await this.pool.query(
      'INSERT INTO card_vault (vault_id, business_id, mode, key_id, iv, ciphertext, auth_tag) VALUES ($1, $2, $3, ' +
        '$4, $5, $6, $7)',
      [entry.vaultId, entry.businessId, entry.mode, sealed.keyId, sealed.iv, sealed.ciphertext, sealed.authTag],
    );
  }

  /** The card number, for a network call; undefined when the row is absent or belongs to another business or mode. */
  async reveal(vaultId: string, businessId: string, mode: 'test' | 'live'): Promise<string | undefined> {
    const { rows } = await this.pool.query<VaultRow>(
      'SELECT * FROM card_vault WHERE vault_id = $1 AND business_id = $2 AND mode = $3',
      [vaultId, businessId, mode],
    );
    return rows[0] ? this.open(rows[0]) : undefined;
  }

  /**
   * Re-encrypts every row stored under an older key with the current one, a batch at a time;
   * returns how many rows moved. After it reports 0, the old key can leave CARD_VAULT_KEY.
   */
  async reencryptAll(batchSize = 500): Promise<number> {
    let moved = 0;
    for (;;) {
      // Guarded: a lost connection fails this batch instead of crashing the process.
      const done = await withPooledClient(this.pool, async (client) => {
        try {
          await client.query('BEGIN');
          const older = 'SELECT * FROM card_vault WHERE key_id <> $1 LIMIT $2 FOR UPDATE SKIP LOCKED';
          const { rows } = await client.query<VaultRow>(older, [this.keys.currentKeyId, batchSize]);
          for (const row of rows) {
            const sealed = this.seal(
              this.open(row),
              aadOf({ vaultId: row.vault_id, businessId: row.business_id, mode: row.mode }),
            );
            await client.query(
              'UPDATE card_vault SET key_id = $2, iv = $3, ciphertext = $4, auth_tag = $5 WHERE vault_id = $1',
              [row.vault_id, sealed.keyId, sealed.iv, sealed.ciphertext, sealed.authTag],
            );
          }
          await client.query('COMMIT');
          moved += rows.length;
          return rows.length < batchSize;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      });
      if (done) return moved;
    }
  }

  private seal(plaintext: string, aad: Buffer) {
    return this.keys.seal(Buffer.from(plaintext, 'utf8'), aad);
  }

  private open(row: VaultRow): string {
    const sealed = { keyId: row.key_id, iv: row.iv, ciphertext: row.ciphertext, authTag: row.auth_tag };
    const aad = aadOf({ vaultId: row.vault_id, businessId: row.business_id, mode: row.mode });
    return this.keys.open(sealed, aad, `Card vault row ${row.vault_id}`).toString('utf8');
  }
}

interface VaultRow {
  vault_id: string;
  business_id: string;
  mode: 'test' | 'live';
  key_id: string;
  iv: Buffer;
  ciphertext: Buffer;
  auth_tag: Buffer;
}

function aadOf(entry: { vaultId: string; businessId: string; mode: string }): Buffer {
  return Buffer.from(`card-vault|${entry.vaultId}|${entry.businessId}|${entry.mode}`, 'utf8');
}
