import type { EventMetadata, RecordedEvent } from '@gateway/event-store';
import type { Pool } from 'pg';
import type { ResourceOwner } from '../audited-resource';

/**
 * Business- and request-wide history straight from `es_events`, through the indexes of
 * event-store migration 4 (`es_events_business_time`, `es_events_correlation`).
 */
const COLUMNS = `event_id, stream_name, revision::text AS revision, type, data, metadata, tx_id::text AS commit,
                 position::text AS prepare, (extract(epoch FROM recorded_at) * 1000000)::int8::text AS recorded_us`;

interface Row {
  event_id: string;
  stream_name: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  commit: string;
  prepare: string;
  recorded_us: string;
}

export interface LoggedEvent {
  event: RecordedEvent;
  recordedMicros: bigint;
}

function toLogged(row: Row): LoggedEvent {
  const recordedMicros = BigInt(row.recorded_us);
  return {
    recordedMicros,
    event: {
      id: row.event_id,
      streamName: row.stream_name,
      revision: BigInt(row.revision),
      type: row.type,
      data: row.data,
      metadata: row.metadata,
      position: { commit: BigInt(row.commit), prepare: BigInt(row.prepare) },
      recordedAt: new Date(Number(recordedMicros / 1000n)),
    },
  };
}

export async function eventsOfRequest(
  pool: Pool,
  owner: ResourceOwner,
  correlationId: string,
  afterPosition: bigint | undefined,
  limit: number,
): Promise<LoggedEvent[]> {
  const values: unknown[] = [correlationId, owner.businessId, owner.mode, limit];
  let after = '';
  if (afterPosition !== undefined) {
    values.push(afterPosition.toString());
    after = 'AND position > $5';
  }
  const { rows } = await pool.query<Row>(
    `SELECT ${COLUMNS} FROM es_events
      WHERE metadata->>'correlationId' = $1 AND metadata->>'businessId' = $2 AND metadata->>'mode' = $3 ${after}
      ORDER BY position LIMIT $4`,
    values,
  );
  return rows.map(toLogged);
}

export async function eventsOfBusiness(
  pool: Pool,
  owner: ResourceOwner,
  range: { from?: Date; to?: Date },
  after: { recordedMicros: bigint; position: bigint } | undefined,
  limit: number,
): Promise<LoggedEvent[]> {
  const values: unknown[] = [owner.businessId, owner.mode, limit];
  const conditions = [`metadata->>'businessId' = $1`, `metadata->>'mode' = $2`];
  if (range.from) {
    values.push(range.from.toISOString());
    conditions.push(`recorded_at >= $${values.length}::timestamptz`);
  }
  if (range.to) {
    values.push(range.to.toISOString());
    conditions.push(`recorded_at < $${values.length}::timestamptz`);
  }
  if (after) {
    values.push(after.recordedMicros.toString(), after.position.toString());
    conditions.push(
      `(recorded_at, position) > (timestamptz 'epoch' + $${values.length - 1}::int8 * interval '1 microsecond', ` +
        `$${values.length}::int8)`,
    );
  }
  const { rows } = await pool.query<Row>(
    `SELECT ${COLUMNS} FROM es_events WHERE ${conditions.join(' AND ')} ORDER BY recorded_at, position LIMIT $3`,
    values,
  );
  return rows.map(toLogged);
}
