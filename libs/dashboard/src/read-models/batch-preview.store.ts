import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Pool } from 'pg';

/** How long a previewed file waits for its confirmation. */
export const BATCH_PREVIEW_MS = 60 * 60_000;
const PREVIEW_ID = /^[0-9a-f]{64}$/;

interface PreviewOwner {
  businessId: string;
  mode: 'test' | 'live';
  userId: string;
}

/**
 * Batch files between their preview and their confirmation, server-side: the confirmation form
 * names the file by id (the SHA-256 of its owner and text, so previewing the same file again
 * reuses the row) instead of carrying up to 1 MB of CSV, URL-encoded, in a hidden field. A file
 * is only found by the user, business and mode that previewed it; the text is checked again on
 * confirmation (never trusted because it was checked once).
 */
@Injectable()
export class BatchPreviewStore {
  constructor(private readonly pool: Pool) {}

  async save(owner: PreviewOwner, csv: string, now: Date): Promise<string> {
    const ownerKey = `${owner.businessId}|${owner.mode}|${owner.userId}|`;
    const id = createHash('sha256').update(ownerKey).update(csv).digest('hex');
    await this.pool.query('DELETE FROM dashboard_batch_previews WHERE expires_at < $1', [now]);
    await this.pool.query(
      `INSERT INTO dashboard_batch_previews (preview_id, business_id, mode, user_id, csv, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (preview_id) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
      [id, owner.businessId, owner.mode, owner.userId, csv, new Date(now.getTime() + BATCH_PREVIEW_MS)],
    );
    return id;
  }

  /** The previewed text, or undefined when the id is unknown, expired or someone else's. */
  async load(owner: PreviewOwner, id: string, now: Date): Promise<string | undefined> {
    if (!PREVIEW_ID.test(id)) return undefined;
    const { rows } = await this.pool.query<{ csv: string }>(
      `SELECT csv FROM dashboard_batch_previews
        WHERE preview_id = $1 AND business_id = $2 AND mode = $3 AND user_id = $4 AND expires_at > $5`,
      [id, owner.businessId, owner.mode, owner.userId, now],
    );
    return rows[0]?.csv;
  }
}
