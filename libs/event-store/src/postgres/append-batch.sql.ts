/**
 * The pieces every version of `es_append_batch` (event-store migrations 2 to 6) shares. Each version
 * replaces the whole function, so each migration spells it out again; these pieces let it say only what
 * it changes.
 *
 * FROZEN: the migrator refuses a migration whose SQL changed after it was applied (checksum), so an edit
 * here breaks every deployed database. A new version writes new pieces; event-store.migrations.spec.ts
 * pins the checksums. The text sits at the indentation the migrations had when they were applied.
 */

/** Follows `CREATE` or `CREATE OR REPLACE`: the result row of one append, and the loop's variables. */
export const APPEND_BATCH_SIGNATURE = `FUNCTION es_append_batch(p_appends jsonb)
        RETURNS TABLE (idx integer, ok boolean, duplicate boolean, revision bigint, tx_id xid8, last_position bigint)
        LANGUAGE plpgsql AS $fn$
        DECLARE
          v_append jsonb;
          v_idx    integer;
          v_stream text;
          v_expect smallint;
          v_events jsonb;
          v_count  bigint;
          v_last   bigint;
          v_pos    bigint;
`;

/** The variables the hash chain (version 4 on) adds to the signature's. */
export const CHAIN_HASH_DECLARATIONS = `          v_prev   text;
          v_event  jsonb;
          v_ord    bigint;
          v_rev    bigint;
          v_meta   jsonb;
          v_metas  jsonb[];
`;

/** The variable the claims of version 6 add: the first key another stream holds. */
export const CLAIM_DECLARATIONS = `          v_taken  text;
`;

/**
 * Version 6, after the revision check held: the append's claims (`claims`: key, until, at), each
 * inserted, or taken over from a holder whose `until` is at or before the claimant's `at`, or kept
 * when this stream already holds it (a keyed re-execution). A key another stream still holds
 * raises ESCLM with the key as its detail: the whole batch rolls back and the combiner retries its
 * appends one by one, so only this one fails (rare: a probe meets a held key).
 */
export const TAKE_CLAIMS = `            IF v_append ? 'claims' THEN
              WITH wanted AS (
                SELECT c->>'key' AS claim_key, (c->>'until')::timestamptz AS held_until,
                       (c->>'at')::timestamptz AS claimed_at
                  FROM jsonb_array_elements(v_append->'claims') AS c
              ), held AS (
                INSERT INTO es_claims AS h (claim_key, stream_name, held_until, claimed_at)
                SELECT w.claim_key, v_stream, w.held_until, w.claimed_at FROM wanted w
                ON CONFLICT (claim_key) DO UPDATE
                   SET stream_name = EXCLUDED.stream_name, held_until = EXCLUDED.held_until,
                       claimed_at = EXCLUDED.claimed_at
                 WHERE h.held_until <= EXCLUDED.claimed_at OR h.stream_name = EXCLUDED.stream_name
                RETURNING h.claim_key
              )
              SELECT w.claim_key INTO v_taken FROM wanted w
               WHERE NOT EXISTS (SELECT 1 FROM held WHERE held.claim_key = w.claim_key) LIMIT 1;
              IF v_taken IS NOT NULL THEN
                RAISE EXCEPTION 'claim % is held by another stream', v_taken USING ERRCODE = 'ESCLM', DETAIL = v_taken;
              END IF;
            END IF;
`;

/** One turn of the loop per append, with its stream, expectation and events unpacked. */
export const OPEN_APPEND_LOOP =
  `        BEGIN
          FOR v_append, v_idx IN SELECT a.value, a.ordinality FROM jsonb_array_elements(p_appends) WITH ORDINALITY ` +
  `AS a LOOP
            v_stream := v_append->>'stream';
            v_expect := (v_append->>'expect')::smallint;
            v_events := v_append->'events';
            v_count  := jsonb_array_length(v_events);
            v_last   := NULL;
`;

/**
 * The expected-revision check, as es_append does it (1 = no_stream, 2 = exactly the revision, else any):
 * on a mismatch the append answers ok = false with the actual revision and the loop goes on to the next.
 */
export const CLAIM_STREAM_REVISION =
  `            IF v_expect = 1 THEN
              INSERT INTO es_streams AS s (stream_name, revision) VALUES (v_stream, v_count - 1)
                ON CONFLICT DO NOTHING RETURNING s.revision INTO v_last;
            ELSIF v_expect = 2 THEN
              UPDATE es_streams AS s SET revision = s.revision + v_count
                WHERE s.stream_name = v_stream AND s.revision = (v_append->>'revision')::bigint RETURNING ` +
  `s.revision INTO v_last;
            ELSE
              INSERT INTO es_streams AS s (stream_name, revision) VALUES (v_stream, v_count - 1)
                ON CONFLICT (stream_name) DO UPDATE SET revision = s.revision + v_count RETURNING s.revision INTO ` +
  `v_last;
            END IF;

            IF v_last IS NULL THEN
              idx := v_idx; ok := false; duplicate := false;
              revision := coalesce((SELECT s.revision FROM es_streams s WHERE s.stream_name = v_stream), -1::bigint);
              tx_id := NULL; last_position := NULL;
              RETURN NEXT;
              CONTINUE;
            END IF;
`;

/**
 * The append's events in one INSERT, its last position into v_pos. `metadata` is the SQL of each row's
 * metadata (`e` is the event); `deeper` indents the block two more spaces, for a version that nests it.
 */
export function insertEventRows(metadata: string, deeper = false): string {
  const rows = `            WITH inserted AS (
              INSERT INTO es_events (event_id, stream_name, revision, type, data, metadata)
              SELECT (e.value->>'id')::uuid, v_stream, v_last - v_count + e.ordinality,
                     e.value->>'type', e.value->'data', ${metadata}
                FROM jsonb_array_elements(v_events) WITH ORDINALITY AS e
               ORDER BY e.ordinality
              RETURNING es_events.position
            )
            SELECT max(inserted.position) INTO v_pos FROM inserted;
`;
  return deeper ? rows.replace(/^(?=.)/gm, '  ') : rows;
}

/** The appended row of the result, and the end of the loop and of the function. */
export const CLOSE_APPEND_LOOP =
  `            idx := v_idx; ok := true; duplicate := false; revision := v_last; tx_id := pg_current_xact_id(); ` +
  `last_position := v_pos;
            RETURN NEXT;
          END LOOP;
        END
        $fn$;
`;
