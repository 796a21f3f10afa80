import type { Mode } from '@gateway/clock';
import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import type { DashboardRole } from '../domain/roles';

/** A signed-in dashboard user, as every request after sign-in sees it. */
export interface DashboardSession {
  userId: string;
  businessId: string;
  email: string;
  /** Read from the users read model on every request: a role change applies at once. */
  role: DashboardRole;
  mode: Mode;
  csrfToken: string;
  /**
   * What the user must do before anything else: choose a password (theirs is a one-time one) or
   * turn on two-step sign-in (the team requires it). Read with the session on every request.
   */
  setupNeeded?: 'password' | 'two-factor';
}

const hashToken = (token: string) => createHash('sha256').update(token).digest();
/** 256 random bits: the session token (cookie) and the CSRF token. */
export const randomToken = () => randomBytes(32).toString('base64url');

/**
 * Sessions in PostgreSQL: the cookie carries a random token, the table only its SHA-256, so a
 * leaked table (or backup) opens no session. A session unused for the idle time is over.
 */
@Injectable()
export class SessionStore {
  constructor(private readonly pool: Pool) {}

  async create(
    user: { userId: string; businessId: string },
    mode: Mode,
    now: Date,
  ): Promise<{ token: string; csrfToken: string }> {
    const token = randomToken();
    const csrfToken = randomToken();
    await this.pool.query(
      `INSERT INTO dashboard_sessions (token_hash, user_id, business_id, mode, csrf_token, created_at, ` +
        `last_seen_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`,
      [hashToken(token), user.userId, user.businessId, mode, csrfToken, now],
    );
    return { token, csrfToken };
  }

  /** The live session of this token (and marks it used), or undefined: unknown, idle too long, or its user removed. */
  async touch(token: string, now: Date, idleMs: number): Promise<DashboardSession | undefined> {
    const { rows } = await this.pool.query<{
      user_id: string;
      business_id: string;
      email: string;
      role: DashboardRole;
      mode: Mode;
      csrf_token: string;
      must_change: boolean;
      two_factor: boolean;
      two_factor_required: boolean;
    }>(
      `UPDATE dashboard_sessions s SET last_seen_at = $2
         FROM dashboard_users u
         LEFT JOIN dashboard_credentials c ON c.user_id = u.user_id
         LEFT JOIN dashboard_teams t ON t.business_id = u.business_id
        WHERE s.token_hash = $1 AND u.user_id = s.user_id AND u.business_id = s.business_id AND u.removed_at IS NULL
          AND s.last_seen_at > $2::timestamptz - make_interval(secs => $3::double precision / 1000)
    RETURNING s.user_id, s.business_id, u.email, u.role, s.mode, s.csrf_token, coalesce(c.must_change, ` +
        `false) AS must_change, u.two_factor,
              coalesce(t.two_factor_required, false) AS two_factor_required`,
      [hashToken(token), now, idleMs],
    );
    const row = rows[0];
    if (!row) {
      await this.pool.query('DELETE FROM dashboard_sessions WHERE token_hash = $1', [hashToken(token)]);
      return undefined;
    }
    const setupNeeded = row.must_change
      ? 'password'
      : row.two_factor_required && !row.two_factor
        ? 'two-factor'
        : undefined;
    return {
      userId: row.user_id,
      businessId: row.business_id,
      email: row.email,
      role: row.role,
      mode: row.mode,
      csrfToken: row.csrf_token,
      ...(setupNeeded && { setupNeeded }),
    };
  }

  async setMode(token: string, mode: Mode): Promise<void> {
    await this.pool.query('UPDATE dashboard_sessions SET mode = $2 WHERE token_hash = $1', [hashToken(token), mode]);
  }

  async destroy(token: string): Promise<void> {
    await this.pool.query('DELETE FROM dashboard_sessions WHERE token_hash = $1', [hashToken(token)]);
  }

  async destroyOthersOf(userId: string, keepToken: string): Promise<void> {
    await this.pool.query('DELETE FROM dashboard_sessions WHERE user_id = $1 AND token_hash <> $2', [
      userId,
      hashToken(keepToken),
    ]);
  }

  async destroyAllOf(userId: string): Promise<void> {
    await this.pool.query('DELETE FROM dashboard_sessions WHERE user_id = $1', [userId]);
  }

  /** Forgets sessions idle for longer than the idle time (called now and then, on sign-in). */
  async sweep(now: Date, idleMs: number): Promise<void> {
    await this.pool.query(
      `DELETE FROM dashboard_sessions WHERE last_seen_at ` +
        `< $1::timestamptz - make_interval(secs => $2::double precision / 1000)`,
      [now, idleMs],
    );
  }
}
