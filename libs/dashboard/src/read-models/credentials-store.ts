import { Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { DashboardErrors } from '../domain/dashboard-team.errors';

export interface StoredCredentials {
  userId: string;
  businessId: string;
  email: string;
  passwordHash: string;
  /** A one-time password (an invitation's): it must be changed at the first sign-in. */
  mustChange: boolean;
}

interface CredentialsRow {
  user_id: string;
  business_id: string;
  email: string;
  password_hash: string;
  must_change: boolean;
}

const toCredentials = (row: CredentialsRow): StoredCredentials => ({
  userId: row.user_id,
  businessId: row.business_id,
  email: row.email,
  passwordHash: row.password_hash,
  mustChange: row.must_change,
});

/** Password hashes by email; the email primary key is the cross-business uniqueness claim. */
@Injectable()
export class CredentialsStore {
  constructor(private readonly pool: Pool) {}

  /** Claims the email for this user; DASHBOARD_EMAIL_TAKEN_ERROR when another user holds it. */
  async claim(
    email: string,
    userId: string,
    businessId: string,
    passwordHash: string,
    now: Date,
    mustChange = false,
  ): Promise<void> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO dashboard_credentials (email, user_id, business_id, password_hash, updated_at, ` +
        `must_change) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (email) DO NOTHING`,
      [email, userId, businessId, passwordHash, now, mustChange],
    );
    if (rowCount !== 1) throw DashboardErrors.emailTaken(email);
  }

  async release(userId: string): Promise<void> {
    await this.pool.query('DELETE FROM dashboard_credentials WHERE user_id = $1', [userId]);
  }

  async byEmail(email: string): Promise<StoredCredentials | undefined> {
    const { rows } = await this.pool.query<CredentialsRow>(
      'SELECT user_id, business_id, email, password_hash, must_change FROM dashboard_credentials WHERE email = $1',
      [email],
    );
    return rows[0] && toCredentials(rows[0]);
  }

  async byUserId(userId: string): Promise<StoredCredentials | undefined> {
    const { rows } = await this.pool.query<CredentialsRow>(
      'SELECT user_id, business_id, email, password_hash, must_change FROM dashboard_credentials WHERE user_id = $1',
      [userId],
    );
    return rows[0] && toCredentials(rows[0]);
  }

  /** A new password the user chose: no longer a one-time one. */
  async setPassword(userId: string, passwordHash: string, now: Date): Promise<void> {
    await this.pool.query(
      'UPDATE dashboard_credentials SET password_hash = $2, must_change = false, updated_at = $3 WHERE user_id = $1',
      [userId, passwordHash, now],
    );
  }
}
