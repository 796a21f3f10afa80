import type { GlobalPosition } from '@gateway/event-store';
import type { ClientBase, Pool } from 'pg';

export interface Anchor {
  anchorId: string;
  lastPosition: GlobalPosition;
  eventCount: bigint;
  totalEvents: bigint;
  previousDigest: string;
  digest: string;
  createdAt: Date;
}

interface AnchorRow {
  anchor_id: string;
  last_commit: string;
  last_prepare: string;
  event_count: string;
  total_events: string;
  previous_digest: string;
  digest: string;
  created_at: Date;
}

const toAnchor = (row: AnchorRow): Anchor => ({
  anchorId: row.anchor_id,
  lastPosition: { commit: BigInt(row.last_commit), prepare: BigInt(row.last_prepare) },
  eventCount: BigInt(row.event_count),
  totalEvents: BigInt(row.total_events),
  previousDigest: row.previous_digest,
  digest: row.digest,
  createdAt: row.created_at,
});

export async function listAnchors(db: Pool | ClientBase): Promise<Anchor[]> {
  const { rows } = await db.query<AnchorRow>('SELECT * FROM audit_anchors ORDER BY anchor_id');
  return rows.map(toAnchor);
}

export async function lastAnchor(db: Pool | ClientBase): Promise<Anchor | undefined> {
  const { rows } = await db.query<AnchorRow>('SELECT * FROM audit_anchors ORDER BY anchor_id DESC LIMIT 1');
  return rows[0] && toAnchor(rows[0]);
}

export async function insertAnchor(db: ClientBase, anchor: Omit<Anchor, 'anchorId' | 'createdAt'>): Promise<Anchor> {
  const { rows } = await db.query<AnchorRow>(
    `INSERT INTO audit_anchors (last_commit, last_prepare, event_count, total_events, previous_digest, digest)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [
      anchor.lastPosition.commit.toString(),
      anchor.lastPosition.prepare.toString(),
      anchor.eventCount.toString(),
      anchor.totalEvents.toString(),
      anchor.previousDigest,
      anchor.digest,
    ],
  );
  return toAnchor(rows[0]);
}
