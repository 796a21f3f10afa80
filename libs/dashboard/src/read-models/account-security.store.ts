import { Injectable } from '@nestjs/common';
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
 * Secrets of the dashboard's accounts, none of which may enter the event log: TOTP secrets,
 * sign-in challenges (the second step) and password reset links. Tokens given to a browser or
 * mailed are 256 random bits; the table keeps only their SHA-256.
 */
@Injectable()
export class AccountSecurityStore {
  constructor(private readonly pool: Pool) {}

  /** A new secret waiting for its first code (replaces one never confirmed; an enabled one stays until confirmed again). */
  async savePendingSecret(userId: string, secret: Buffer): Promise<void> {
    await this.pool.query(
      `INSERT INTO dashboard_two_factor (user_id, secret) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, enabled_at = NULL, last_step = 0`,
      [userId, secret],
    );
  }

  async secretOf(userId: string): Promise<{ secret: Buffer; enabled: boolean } | undefined> {
    const { rows } = await this.pool.query<{ secret: Buffer; enabled_at: Date | null }>('SELECT secret, enabled_at FROM dashboard_two_factor WHERE user_id = $1', [userId]);
    return rows[0] && { secret: rows[0].secret, enabled: rows[0].enabled_at !== null };
  }

  /** Takes a code's time step for the user: false when that step (or a later one) was used already (a replayed code). */
  async useStep(userId: string, step: number): Promise<boolean> {
    const { rowCount } = await this.pool.query('UPDATE dashboard_two_factor SET last_step = $2 WHERE user_id = $1 AND last_step < $2', [userId, step]);
    return rowCount === 1;
  }

  async enable(userId: string, now: Date): Promise<void> {
    await this.pool.query('UPDATE dashboard_two_factor SET enabled_at = $2 WHERE user_id = $1', [userId, now]);
  }

  async forget(userId: string): Promise<void> {
    await this.pool.query('DELETE FROM dashboard_two_factor WHERE user_id = $1', [userId]);
  }

  /** The second step of a sign-in: a token for the browser (cookie) that stands for "password checked". */
  async openChallenge(user: { userId: string; businessId: string }, now: Date): Promise<string> {
    const token = newToken();
    await this.pool.query('DELETE FROM dashboard_sign_in_challenges WHERE expires_at < $1', [now]);
    await this.pool.query('INSERT INTO dashboard_sign_in_challenges (token_hash, user_id, business_id, expires_at) VALUES ($1, $2, $3, $4)', [
      hashOf(token),
      user.userId,
      user.businessId,
      new Date(now.getTime() + SIGN_IN_CHALLENGE_MS),
    ]);
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
    await this.pool.query('UPDATE dashboard_password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, now]);
    await this.pool.query('INSERT INTO dashboard_password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [hashOf(token), userId, new Date(now.getTime() + RESET_LINK_MS)]);
    return token;
  }

  /** Reset links opened for the user since then (to limit the mails a mailbox gets). */
  async resetsSince(userId: string, since: Date): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>('SELECT count(*) AS count FROM dashboard_password_resets WHERE user_id = $1 AND expires_at > $2', [userId, new Date(since.getTime() + RESET_LINK_MS)]);
    return Number(rows[0].count);
  }

  /** The user a valid, unused reset link is for; `consume` uses it up (once, also under concurrent submits). */
  async resetUser(token: string, now: Date, consume: boolean): Promise<string | undefined> {
    const { rows } = consume
      ? await this.pool.query<{ user_id: string }>('UPDATE dashboard_password_resets SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id', [hashOf(token), now])
      : await this.pool.query<{ user_id: string }>('SELECT user_id FROM dashboard_password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2', [hashOf(token), now]);
    return rows[0]?.user_id;
  }
}
