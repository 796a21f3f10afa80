/**
 * `readStream` (small, latency-bound reads on every command) stays a prepared statement and
 * returns these six columns: the numbers travel as one text column, because reads are
 * bound by the driver's per-column decoding (six columns decode markedly faster than nine).
 * `recorded_at` comes as epoch milliseconds, truncated like pg's own timestamp parser.
 */
const COLUMNS =
  `tx_id::text || ' ' || position || ' ' || revision || ' ' || floor(extract(epoch FROM recorded_at) ` +
  `* 1000)::int8,
                 event_id, stream_name, type, data, metadata`;

/**
 * A stream from a revision on (`$2`, null for the start), at most `$3` events (null for all).
 *
 * The revision bound is a plain comparison, never `$2 IS NULL OR revision >= $2`: a prepared
 * statement soon runs a generic plan, and with the OR the generic plan can only use the stream
 * name in the index and filters the revisions row by row. Reading the tail of a long stream (the
 * balance writer reads its stream from its cached revision on every command) then walked the
 * whole stream: 12 ms at 40,000 events, growing with every payout, where the bound makes it one
 * index probe (`read-stream.sql.spec.ts`).
 */
export const READ_STREAM_FORWARDS = `SELECT ${COLUMNS} FROM es_events
  WHERE stream_name = $1 AND revision >= coalesce($2::bigint, 0)
  ORDER BY revision LIMIT $3`;

/** A stream backwards from a revision (`$2`, null for the end), at most `$3` events; the bound as above. */
export const READ_STREAM_BACKWARDS = `SELECT ${COLUMNS} FROM es_events
  WHERE stream_name = $1 AND revision <= coalesce($2::bigint, 9223372036854775807)
  ORDER BY revision DESC LIMIT $3`;

/**
 * Whole streams of concurrent commands, in one statement: a row per stream with its events in
 * revision order as a JSON array (a `CombinedLookups` kind, so it can leave with a command's
 * other look-ups). The numbers travel as one string (`n`), as in `COLUMNS`.
 */
export const READ_WHOLE_STREAMS_JSON = `SELECT stream_name, json_agg(json_build_object(
    'n', tx_id::text || ' ' || position || ' ' || revision || ' ' ||
         floor(extract(epoch FROM recorded_at) * 1000)::int8,
    'id', event_id, 'type', type, 'data', data, 'metadata', metadata) ORDER BY revision) AS events
  FROM es_events WHERE stream_name = ANY($1::text[]) GROUP BY stream_name`;

/**
 * Tails of streams (a command on a stream whose state the process holds: `AggregateStateCache`),
 * combined like whole streams: each key is `<from revision> <stream name>`, answered by a row with
 * that key and the stream's events from that revision on (none for a stream with nothing there).
 * LATERAL, so that each key is its own index probe whatever the plan (a join could hash the table).
 */
export const READ_STREAM_TAILS_JSON = `SELECT w.key, t.events FROM unnest($1::text[]) AS w(key)
  CROSS JOIN LATERAL (
    SELECT json_agg(json_build_object(
        'n', e.tx_id::text || ' ' || e.position || ' ' || e.revision || ' ' ||
             floor(extract(epoch FROM e.recorded_at) * 1000)::int8,
        'id', e.event_id, 'type', e.type, 'data', e.data, 'metadata', e.metadata) ORDER BY e.revision) AS events
      FROM es_events e
     WHERE e.stream_name = substr(w.key, strpos(w.key, ' ') + 1)
       AND e.revision >= split_part(w.key, ' ', 1)::bigint
  ) t
 WHERE t.events IS NOT NULL`;

/** The key of a stream's tail in `READ_STREAM_TAILS_JSON`. */
export function streamTailKey(streamName: string, fromRevision: bigint): string {
  return `${fromRevision} ${streamName}`;
}

/** An event as `READ_WHOLE_STREAMS_JSON` and `READ_STREAM_TAILS_JSON` answer it. */
export interface WholeStreamJsonEvent {
  n: string;
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
}
