import { Injectable } from '@nestjs/common';
import { Pool } from 'pg';

/** Failed sign-ins counted over this window. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Per account (email): a password guesser against one user stops here. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** Per client IP: a sprayer across many emails stops here. */
export const MAX_FAILURES_PER_IP = 20;

/**
 * Exact counts in PostgreSQL (shared by every api process): sign-ins are rare, so a row per
 * failure costs nothing, and a success clears the account's failures (not the IP's).
 */
@Injectable()
export class SignInThrottle {
  constructor(private readonly pool: Pool) {}

  async isBlocked(email: string, ip: string, now: Date): Promise<boolean> {
    const { rows } = await this.pool.query<{ account: string; ip: string }>(
      `SELECT count(*) FILTER (WHERE scope = $1) AS account, count(*) FILTER (WHERE scope = $2) AS ip
         FROM dashboard_sign_in_failures WHERE scope IN ($1, $2) AND failed_at > $3`,
      [`email:${email}`, `ip:${ip}`, new Date(now.getTime() - SIGN_IN_WINDOW_MS)],
    );
    return Number(rows[0].account) >= MAX_FAILURES_PER_ACCOUNT || Number(rows[0].ip) >= MAX_FAILURES_PER_IP;
  }

  async recordFailure(email: string, ip: string, now: Date): Promise<void> {
    await this.pool.query(`INSERT INTO dashboard_sign_in_failures (scope, failed_at) VALUES ($1, $3), ($2, $3)`, [
      `email:${email}`,
      `ip:${ip}`,
      now,
    ]);
    await this.pool.query('DELETE FROM dashboard_sign_in_failures WHERE failed_at < $1', [
      new Date(now.getTime() - SIGN_IN_WINDOW_MS),
    ]);
  }

  async clearAccount(email: string): Promise<void> {
    await this.pool.query('DELETE FROM dashboard_sign_in_failures WHERE scope = $1', [`email:${email}`]);
  }
}
