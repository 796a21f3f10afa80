import { Injectable } from '@nestjs/common';
import { Pool } from 'pg';

/** Failed sign-ins counted over this window. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Per account and client IP: a password guesser against one user, from one address, stops here. */
export const MAX_FAILURES_PER_ACCOUNT_AND_IP = 5;
/**
 * Per account from every address together: guessing spread over many addresses stops here. Higher
 * than the per-address limit so that one address cannot lock a user out (docs/dashboard.md).
 */
export const MAX_FAILURES_PER_ACCOUNT = 50;
/** Per client IP: a sprayer across many emails stops here. */
export const MAX_FAILURES_PER_IP = 20;

/** The counters a failure adds to: the account from this address, the account, the address. */
function scopesOf(email: string, ip: string): [pair: string, account: string, address: string] {
  return [`pair:${ip} ${email}`, `email:${email}`, `ip:${ip}`];
}

/**
 * Exact counts in PostgreSQL (shared by every api process): sign-ins are rare, so a row per
 * failure and counter costs nothing. Five failures block the account from that address only;
 * fifty from all addresses together block the account everywhere; twenty from an address block
 * that address for every account. A success clears the account's failures from its address and
 * its account-wide count, not other addresses' (an attacker's stay blocked).
 */
@Injectable()
export class SignInThrottle {
  constructor(private readonly pool: Pool) {}

  async isBlocked(email: string, ip: string, now: Date): Promise<boolean> {
    const [pair, account, address] = scopesOf(email, ip);
    const { rows } = await this.pool.query<{ pair: string; account: string; address: string }>(
      `SELECT count(*) FILTER (WHERE scope = $1) AS pair, count(*) FILTER (WHERE scope = $2) AS account,
              count(*) FILTER (WHERE scope = $3) AS address
         FROM dashboard_sign_in_failures WHERE scope IN ($1, $2, $3) AND failed_at > $4`,
      [pair, account, address, new Date(now.getTime() - SIGN_IN_WINDOW_MS)],
    );
    const counts = rows[0];
    return (
      Number(counts.pair) >= MAX_FAILURES_PER_ACCOUNT_AND_IP ||
      Number(counts.account) >= MAX_FAILURES_PER_ACCOUNT ||
      Number(counts.address) >= MAX_FAILURES_PER_IP
    );
  }

  async recordFailure(email: string, ip: string, now: Date): Promise<void> {
    await this.pool.query(
      `INSERT INTO dashboard_sign_in_failures (scope, failed_at) VALUES ($1, $4), ($2, $4), ($3, $4)`,
      [...scopesOf(email, ip), now],
    );
    await this.pool.query('DELETE FROM dashboard_sign_in_failures WHERE failed_at < $1', [
      new Date(now.getTime() - SIGN_IN_WINDOW_MS),
    ]);
  }

  /** After a right password from `ip`: that address's failures for the account, and the account-wide count. */
  async clearAccount(email: string, ip: string): Promise<void> {
    const [pair, account] = scopesOf(email, ip);
    await this.pool.query('DELETE FROM dashboard_sign_in_failures WHERE scope IN ($1, $2)', [pair, account]);
  }
}
