import { AppConfig } from '@gateway/config';
import { AesGcmKeyRing } from '@gateway/runtime';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { Pool } from 'pg';

const hashOf = (token: string) => createHash('sha256').update(token).digest();
const newToken = () => randomBytes(32).toString('base64url');

/** How long the code step of a sign-in waits, and how many wrong codes it takes. */
export const SIGN_IN_CHALLENGE_MS = 5 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
/** How long a reset link works. */
export const RESET_LINK_MS = 30 * 60_000;
/**
 * Wrong codes per account across all its challenges, over this window: a correct password opens a
 * fresh challenge, so without this count someone who knows the password could guess codes forever.
 */
export const CODE_FAILURE_WINDOW_MS = 15 * 60_000;
export const MAX_CODE_FAILURES_PER_ACCOUNT = 5;

/** The row's identity, authenticated with the ciphertext: a secret copied to another user does not open. */
const totpAad = (userId: string) => Buffer.from(`dashboard-totp|${userId}`, 'utf8');

interface SecretRow {
  user_id: string;
  secret: Buffer;
  key_id: string | null;
  iv: Buffer | null;
  auth_tag: Buffer | null;
  enabled_at: Date | null;
}

/**
 * Secrets of the dashboard's accounts, none of which may enter the event log: TOTP secrets,
 * sign-in challenges (the second step) and password reset links. Tokens given to a browser or
 * mailed are 256 random bits; the table keeps only their SHA-256. TOTP secrets must be read back
 * (to check a code), so they are sealed with AES-256-GCM under CARD_VAULT_KEY, as card numbers are.
 */
@Injectable()
export class AccountSecurityStore implements OnApplicationBootstrap {
  private readonly logger = new Logger('DashboardAccounts');
  private readonly keys: AesGcmKeyRing;

  constructor(
    private readonly pool: Pool,
    config: AppConfig,
  ) {
    this.keys = new AesGcmKeyRing(config.CARD_VAULT_KEY, 'CARD_VAULT_KEY');
  }

  /** Seals secrets stored before they were encrypted (migration 3); best effort, a later start retries. */
  onApplicationBootstrap(): void {
    this.sealPlainSecrets().catch((error: unknown) =>
      this.logger.warn(`could not seal plain TOTP secrets: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  /** Encrypts every row still in clear (key_id NULL), or under an older key; returns how many. */
  async sealPlainSecrets(): Promise<number> {
    const stale = 'SELECT * FROM dashboard_two_factor WHERE key_id IS DISTINCT FROM $1';
    const { rows } = await this.pool.query<SecretRow>(stale, [this.keys.currentKeyId]);
    for (const row of rows) {
      const sealed = this.keys.seal(this.open(row), totpAad(row.user_id));
      // Only the row as read: a secret replaced meanwhile is already sealed.
      await this.pool.query(
        `UPDATE dashboard_two_factor SET secret = $2, key_id = $3, iv = $4, auth_tag = $5
          WHERE user_id = $1 AND secret = $6`,
        [row.user_id, sealed.ciphertext, sealed.keyId, sealed.iv, sealed.authTag, row.secret],
      );
    }
    return rows.length;
  }

  /**
   * A new secret waiting for its first code (replaces one never confirmed; an enabled one stays until confirmed again).
   */
  async savePendingSecret(userId: string, secret: Buffer): Promise<void> {
    const sealed = this.keys.seal(secret, totpAad(userId));
    await this.pool.query(
      `INSERT INTO dashboard_two_factor (user_id, secret, key_id, iv, auth_tag) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE
         SET secret = EXCLUDED.secret, key_id = EXCLUDED.key_id, iv = EXCLUDED.iv, auth_tag = EXCLUDED.auth_tag,
             enabled_at = NULL, last_step = 0`,
      [userId, sealed.ciphertext, sealed.keyId, sealed.iv, sealed.authTag],
    );
  }

  async secretOf(userId: string): Promise<{ secret: Buffer; enabled: boolean } | undefined> {
    const { rows } = await this.pool.query<SecretRow>('SELECT * FROM dashboard_two_factor WHERE user_id = $1', [
      userId,
    ]);
    return rows[0] && { secret: this.open(rows[0]), enabled: rows[0].enabled_at !== null };
  }

  private open(row: SecretRow): Buffer {
    // A row from before migration 3, not sealed yet (the api seals them at start).
    if (row.key_id === null || row.iv === null || row.auth_tag === null) return row.secret;
    const sealed = { keyId: row.key_id, iv: row.iv, ciphertext: row.secret, authTag: row.auth_tag };
    return this.keys.open(sealed, totpAad(row.user_id), `The TOTP secret of ${row.user_id}`);
  }

  /** Wrong codes of the user within the window, over every challenge. */
  async codeFailuresSince(userId: string, now: Date): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>(
      'SELECT count(*) AS count FROM dashboard_sign_in_failures WHERE scope = $1 AND failed_at > $2',
      [`code:${userId}`, new Date(now.getTime() - CODE_FAILURE_WINDOW_MS)],
    );
    return Number(rows[0].count);
  }

  async recordCodeFailure(userId: string, now: Date): Promise<void> {
    const scope = `code:${userId}`;
    await this.pool.query('INSERT INTO dashboard_sign_in_failures (scope, failed_at) VALUES ($1, $2)', [scope, now]);
  }

  /** A right code ends the count (a right password does not: it is what the guesser already has). */
  async clearCodeFailures(userId: string): Promise<void> {
    await this.pool.query('DELETE FROM dashboard_sign_in_failures WHERE scope = $1', [`code:${userId}`]);
  }

  /**
   * Takes a code's time step for the user: false when that step (or a later one) was used already (a replayed code).
   */
  async useStep(userId: string, step: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'UPDATE dashboard_two_factor SET last_step = $2 WHERE user_id = $1 AND last_step < $2',
      [userId, step],
    );
    return rowCount === 1;
  }

  async enable(userId: string, now: Date): Promise<void> {
    await this.pool.query('UPDATE dashboard_two_factor SET enabled_at = $2 WHERE user_id = $1', [userId, now]);
  }

  /** Two-step sign-in off: the secret and the recovery codes go. */
  async forget(userId: string): Promise<void> {
    await this.pool.query('DELETE FROM dashboard_two_factor WHERE user_id = $1', [userId]);
    await this.pool.query('DELETE FROM dashboard_recovery_codes WHERE user_id = $1', [userId]);
  }

  /** The user's recovery codes are these (earlier ones stop working); only their hashes are kept. */
  async replaceRecoveryCodes(userId: string, codes: readonly string[]): Promise<void> {
    await this.pool.query('DELETE FROM dashboard_recovery_codes WHERE user_id = $1', [userId]);
    await this.pool.query('INSERT INTO dashboard_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::bytea[])', [
      userId,
      codes.map(hashOf),
    ]);
  }

  /** Uses up one recovery code of the user: false when it is not theirs or was used (also under concurrent submits). */
  async useRecoveryCode(userId: string, code: string, now: Date): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'UPDATE dashboard_recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL',
      [userId, hashOf(code), now],
    );
    return rowCount === 1;
  }

  async unusedRecoveryCodes(userId: string): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>(
      'SELECT count(*) AS count FROM dashboard_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
      [userId],
    );
    return Number(rows[0].count);
  }

  /** The second step of a sign-in: a token for the browser (cookie) that stands for "password checked". */
  async openChallenge(user: { userId: string; businessId: string }, now: Date): Promise<string> {
    const token = newToken();
    await this.pool.query('DELETE FROM dashboard_sign_in_challenges WHERE expires_at < $1', [now]);
    await this.pool.query(
      'INSERT INTO dashboard_sign_in_challenges (token_hash, user_id, business_id, expires_at) VALUES ($1, $2, $3, $4)',
      [hashOf(token), user.userId, user.businessId, new Date(now.getTime() + SIGN_IN_CHALLENGE_MS)],
    );
    return token;
  }

  /** The challenge of this token, counting one more attempt; undefined when unknown, expired or out of attempts. */
  async attemptChallenge(token: string, now: Date): Promise<{ userId: string; businessId: string } | undefined> {
    const { rows } = await this.pool.query<{ user_id: string; business_id: string }>(
      `UPDATE dashboard_sign_in_challenges SET attempts = attempts + 1
        WHERE token_hash = $1 AND expires_at > $2 AND attempts < $3
        RETURNING user_id, business_id`,
      [hashOf(token), now, MAX_CODE_ATTEMPTS],
    );
    return rows[0] && { userId: rows[0].user_id, businessId: rows[0].business_id };
  }

  async closeChallenge(token: string): Promise<void> {
    await this.pool.query('DELETE FROM dashboard_sign_in_challenges WHERE token_hash = $1', [hashOf(token)]);
  }

  /** A reset link's token (only its hash is kept); earlier links of the user stop working. */
  async openReset(userId: string, now: Date): Promise<string> {
    const token = newToken();
    await this.pool.query('UPDATE dashboard_password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
      userId,
      now,
    ]);
    await this.pool.query(
      'INSERT INTO dashboard_password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)',
      [hashOf(token), userId, new Date(now.getTime() + RESET_LINK_MS)],
    );
    return token;
  }

  /** Reset links opened for the user since then (to limit the mails a mailbox gets). */
  async resetsSince(userId: string, since: Date): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>(
      'SELECT count(*) AS count FROM dashboard_password_resets WHERE user_id = $1 AND expires_at > $2',
      [userId, new Date(since.getTime() + RESET_LINK_MS)],
    );
    return Number(rows[0].count);
  }

  /** The user a valid, unused reset link is for; `consume` uses it up (once, also under concurrent submits). */
  async resetUser(token: string, now: Date, consume: boolean): Promise<string | undefined> {
    const { rows } = consume
      ? await this.pool.query<{ user_id: string }>(
          'UPDATE dashboard_password_resets SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND ' +
            'expires_at > $2 RETURNING user_id',
          [hashOf(token), now],
        )
      : await this.pool.query<{ user_id: string }>(
          'SELECT user_id FROM dashboard_password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
          [hashOf(token), now],
        );
    return rows[0]?.user_id;
  }
}
