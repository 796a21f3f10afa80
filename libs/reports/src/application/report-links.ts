import { AppConfig } from '@gateway/config';
import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Pool } from 'pg';

/**
 * Signed download links: `/reports/{id}/download?expires=<unix s>&signature=<HMAC-SHA256>`. The
 * key is one random secret per installation kept in the database (every process shares it;
 * nothing to configure). A link names its own expiry, which the signature covers.
 */
@Injectable()
export class ReportLinks {
  private key?: Promise<Buffer>;

  constructor(
    private readonly pool: Pool,
    private readonly config: AppConfig,
  ) {}

  /** The link under `publicBaseUrl` (a request's, see @gateway/http-edge), else the configured address (callbacks). */
  async urlFor(reportId: string, expiresAt: Date, publicBaseUrl = this.config.publicBaseUrl()): Promise<string> {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const signature = await this.sign(reportId, expires);
    return (
      `${publicBaseUrl}/reports/${encodeURIComponent(reportId)}/download?expires=${expires}&signature=` + `${signature}`
    );
  }

  /** Constant-time check of a link's signature (the expiry is checked by the caller, on the business clock). */
  async verify(reportId: string, expires: number, signature: string): Promise<boolean> {
    const expected = Buffer.from(await this.sign(reportId, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async sign(reportId: string, expires: number): Promise<string> {
    return createHmac('sha256', await this.secret())
      .update(`${reportId}.${expires}`)
      .digest('base64url');
  }

  private secret(): Promise<Buffer> {
    this.key ??= this.loadOrCreate().catch((error) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  private async loadOrCreate(): Promise<Buffer> {
    await this.pool.query(
      'INSERT INTO report_link_keys (key_id, secret) VALUES (1, $1) ON CONFLICT (key_id) DO NOTHING',
      [randomBytes(32).toString('base64')],
    );
    const { rows } = await this.pool.query<{ secret: string }>('SELECT secret FROM report_link_keys WHERE key_id = 1');
    return Buffer.from(rows[0].secret, 'base64');
  }
}
