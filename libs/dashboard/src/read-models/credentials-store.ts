import { Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { DashboardErrors } from '../domain/dashboard-team.errors';

export interface StoredCredentials {
  userId: string;
  businessId: string;
  passwordHash: string;
}

/** Password hashes by email; the email primary key is the cross-business uniqueness claim. */
@Injectable()
export class CredentialsStore {
  constructor(private readonly pool: Pool) {}

  /** Claims the email for this user; DASHBOARD_EMAIL_TAKEN_ERROR when another user holds it. */
  async claim(email: string, userId: string, businessId: string, passwordHash: string, now: Date): Promise<void> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO dashboard_credentials (email, user_id, business_id, password_hash, updated_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (email) DO NOTHING`,
      [email, userId, businessId, passwordHash, now],
    );
    if (rowCount !== 1) throw DashboardErrors.emailTaken(email);
  }

  async release(userId: string): Promise<void> {
    await this.pool.query('DELETE FROM dashboard_credentials WHERE user_id = $1', [userId]);
  }

  async byEmail(email: string): Promise<StoredCredentials | undefined> {
    const { rows } = await this.pool.query<{ user_id: string; business_id: string; password_hash: string }>(
      'SELECT user_id, business_id, password_hash FROM dashboard_credentials WHERE email = $1',
      [email],
    );
    return rows[0] && { userId: rows[0].user_id, businessId: rows[0].business_id, passwordHash: rows[0].password_hash };
  }
}
