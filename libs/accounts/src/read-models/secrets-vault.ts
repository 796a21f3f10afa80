import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import type { Mode } from '../domain/business.events';

/**
 * Secret values the gateway must send later and so cannot hash (the callback token). They are
 * written here BEFORE the event that names them, and only referenced by id from events and
 * read models, so auditors' event streams never contain them.
 */
@Injectable()
export class SecretsVault {
  constructor(private readonly pool: Pool) {}

  async store(secretId: string, businessId: string, mode: Mode, purpose: string, value: string): Promise<void> {
    await this.pool.query(
      'INSERT INTO business_secrets (secret_id, business_id, mode, purpose, value) VALUES ($1, $2, $3, $4, $5)',
      [secretId, businessId, mode, purpose, value],
    );
  }

  async valueOf(secretId: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ value: string }>(
      'SELECT value FROM business_secrets WHERE secret_id = $1',
      [secretId],
    );
    return rows[0]?.value;
  }

  /** 32 random bytes, hex: what merchants compare against `x-callback-token`. */
  static newCallbackToken(): string {
    return randomBytes(32).toString('hex');
  }

  /** Standard Webhooks secret format: `whsec_` and base64 of 32 random bytes. */
  static newSigningSecret(): string {
    return `whsec_${randomBytes(32).toString('base64')}`;
  }
}
