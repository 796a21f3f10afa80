import type { MigrationSet } from '@gateway/database';
import {
  APPEND_BATCH_SIGNATURE,
  CHAIN_HASH_DECLARATIONS,
  CLAIM_STREAM_REVISION,
  CLAIM_DECLARATIONS,
  CLOSE_APPEND_LOOP,
  insertEventRows,
  OPEN_APPEND_LOOP,
  TAKE_CLAIMS,
} from './append-batch.sql';

/** Version 5's es_append_batch (the hash chain computed inline); version 6 adds claims to it. */
const CHEAPER_CHAIN_APPEND =
  `
        -- Same events, same hashes as version 4, less work per append: the hash input is built
        -- inline (no function call per event), the metadata loses its chainHash once, and a
        -- single-event append (the common case) inserts its row directly, without arrays and a
        -- second pass over the events.
        CREATE OR REPLACE ${APPEND_BATCH_SIGNATURE}${CHAIN_HASH_DECLARATIONS}${OPEN_APPEND_LOOP}
${CLAIM_STREAM_REVISION}
            v_prev := '';
            IF v_last - v_count >= 0 THEN
              SELECT coalesce(e.metadata->>'chainHash', '') INTO v_prev FROM es_events e
               WHERE e.stream_name = v_stream AND e.revision = v_last - v_count;
            END IF;

            IF v_count = 1 THEN
              v_event := v_events->0;
              v_meta  := (v_event->'metadata') - 'chainHash';
              v_prev  := encode(sha256(convert_to(
                           v_prev || E'\\n' || (v_event->>'id')::uuid::text || E'\\n' || v_stream || E'\\n' || ` +
  `v_last::text || E'\\n' || (v_event->>'type')
                             || E'\\n' || (v_event->'data')::text || E'\\n' || v_meta::text,
                           'UTF8')), 'hex');
              INSERT INTO es_events (event_id, stream_name, revision, type, data, metadata)
                   VALUES ((v_event->>'id')::uuid, v_stream, v_last, v_event->>'type', v_event->'data', ` +
  `v_meta || jsonb_build_object('chainHash', v_prev))
                RETURNING es_events.position INTO v_pos;
            ELSE
              v_metas := ARRAY[]::jsonb[];
              FOR v_event, v_ord IN SELECT x.value, x.ordinality FROM jsonb_array_elements(v_events) WITH ` +
  `ORDINALITY AS x LOOP
                v_rev  := v_last - v_count + v_ord;
                v_meta := (v_event->'metadata') - 'chainHash';
                v_prev := encode(sha256(convert_to(
                            v_prev || E'\\n' || (v_event->>'id')::uuid::text || E'\\n' || v_stream || E'\\n' || ` +
  `v_rev::text || E'\\n' || (v_event->>'type')
                              || E'\\n' || (v_event->'data')::text || E'\\n' || v_meta::text,
                            'UTF8')), 'hex');
                v_metas := v_metas || (v_meta || jsonb_build_object('chainHash', v_prev));
              END LOOP;
${insertEventRows('v_metas[e.ordinality]', true)}            END IF;

${CLOSE_APPEND_LOOP}      `;

/**
 * Streams and events. The global order is (tx_id, position): `tx_id` is the appending
 * transaction's xid8, and readers only see transactions below the oldest one still running
 * (`pg_snapshot_xmin`), so an event that commits late can never be skipped by a reader
 * that already moved past its position (design §3).
 */
export const eventStoreMigrations: MigrationSet = {
  component: 'event-store',
  migrations: [
    {
      version: 1,
      name: 'streams and events',
      sql: `
        CREATE TABLE es_streams (
          stream_name text   PRIMARY KEY,
          revision    bigint NOT NULL
        );

        CREATE TABLE es_events (
          tx_id       xid8        NOT NULL DEFAULT pg_current_xact_id(),
          position    bigserial   NOT NULL,
          event_id    uuid        NOT NULL,
          stream_name text        NOT NULL,
          revision    bigint      NOT NULL,
          type        text        NOT NULL,
          data        jsonb       NOT NULL,
          metadata    jsonb       NOT NULL,
          recorded_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (tx_id, position),
          CONSTRAINT es_events_stream_revision UNIQUE (stream_name, revision),
          CONSTRAINT es_events_event_id UNIQUE (event_id)
        );

        -- One round trip per append: check the expected revision, bump the stream, insert.
        -- p_expect: 0 = any, 1 = no_stream, 2 = exactly p_revision.
        -- A mismatch is returned (ok = false, the actual revision, -1 for no stream), not raised,
        -- so the caller can throw its typed error without an aborted transaction.
        CREATE FUNCTION es_append(p_stream text, p_expect smallint, p_revision bigint, p_events jsonb)
        RETURNS TABLE (ok boolean, revision bigint, tx_id xid8, last_position bigint)
        LANGUAGE plpgsql AS $fn$
        DECLARE
          v_count bigint := jsonb_array_length(p_events);
          v_last  bigint;
          v_pos   bigint;
        BEGIN
          IF p_expect = 1 THEN
            INSERT INTO es_streams AS s (stream_name, revision) VALUES (p_stream, v_count - 1)
              ON CONFLICT DO NOTHING RETURNING s.revision INTO v_last;
          ELSIF p_expect = 2 THEN
            UPDATE es_streams AS s SET revision = s.revision + v_count
              WHERE s.stream_name = p_stream AND s.revision = p_revision RETURNING s.revision INTO v_last;
          ELSE
            INSERT INTO es_streams AS s (stream_name, revision) VALUES (p_stream, v_count - 1)
              ON CONFLICT (stream_name) DO UPDATE SET revision = s.revision + v_count RETURNING s.revision INTO v_last;
          END IF;
          IF v_last IS NULL THEN
            RETURN QUERY SELECT false,
              coalesce((SELECT s.revision FROM es_streams s WHERE s.stream_name = p_stream), -1::bigint),
              NULL::xid8, NULL::bigint;
            RETURN;
          END IF;
          WITH inserted AS (
            INSERT INTO es_events (event_id, stream_name, revision, type, data, metadata)
            SELECT (e.value->>'id')::uuid, p_stream, v_last - v_count + e.ordinality,
                   e.value->>'type', e.value->'data', e.value->'metadata'
              FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e
             ORDER BY e.ordinality
            RETURNING es_events.position
          )
          SELECT max(inserted.position) INTO v_pos FROM inserted;
          RETURN QUERY SELECT true, v_last, pg_current_xact_id(), v_pos;
        END
        $fn$;
      `,
    },
    // Versions 2 to 5 each replace es_append_batch whole; the pieces they share come from append-batch.sql.ts,
    // and stand at column 0 because they carry the indentation the applied SQL had (its checksum is pinned).
    {
      version: 2,
      name: 'batched appends',
      sql:
        `
        -- Several appends (to different or the same streams) in one call and one transaction, each
        -- decided on its own exactly as es_append does: the adapter combines appends that arrive
        -- while others are in flight, so one commit and one round trip serve many writers.
        -- p_appends: [{stream, expect, revision, events: [{id, type, data, metadata}]}].
        -- An event id that already exists makes only its own append fail (duplicate = true).
        CREATE ${APPEND_BATCH_SIGNATURE}${OPEN_APPEND_LOOP}
            IF EXISTS (SELECT 1 FROM es_events e
                        WHERE e.event_id IN (SELECT (x.value->>'id')::uuid FROM jsonb_array_elements(v_events) AS ` +
        `x)) THEN
              idx := v_idx; ok := false; duplicate := true; revision := NULL; tx_id := NULL; last_position := NULL;
              RETURN NEXT;
              CONTINUE;
            END IF;

${CLAIM_STREAM_REVISION}
${insertEventRows(`e.value->'metadata'`)}
${CLOSE_APPEND_LOOP}      `,
    },
    {
      version: 3,
      name: 'batched appends without a duplicate pre-check',
      sql: `
        -- Version 2 looked every event id up before each append. An existing id is rare, and the
        -- unique index refuses it anyway (failing the whole batch, which the adapter then retries
        -- append by append), so the look-up was a statement per append paid for nothing.
        CREATE OR REPLACE ${APPEND_BATCH_SIGNATURE}${OPEN_APPEND_LOOP}

${CLAIM_STREAM_REVISION}
${insertEventRows(`e.value->'metadata'`)}
${CLOSE_APPEND_LOOP}      `,
    },
    {
      version: 4,
      name: 'tamper-evident hash chain and audit indexes',
      sql:
        `
        -- Each event's metadata.chainHash = sha256 over the previous event of its stream's hash
        -- and this event (id, stream, revision, type, data, metadata without the hash). Computed
        -- here, where every append passes; chain-hash.ts computes the same bytes in TypeScript
        -- (the EventStoreDB adapter and the verifier).
        CREATE FUNCTION es_chain_hash(p_prev text, p_id uuid, p_stream text, p_revision bigint, p_type text, ` +
        `p_data jsonb, p_metadata jsonb)
        RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
          SELECT encode(sha256(convert_to(
            p_prev || E'\\n' || p_id::text || E'\\n' || p_stream || E'\\n' || p_revision::text || E'\\n' || p_type
              || E'\\n' || p_data::text || E'\\n' || (p_metadata - 'chainHash')::text,
            'UTF8')), 'hex')
        $fn$;

        -- Version 3 plus the chain: the stream row locked by the revision check serialises
        -- appenders of a stream, so the previous event read here is the stream's last one.
        CREATE OR REPLACE ${APPEND_BATCH_SIGNATURE}${CHAIN_HASH_DECLARATIONS}${OPEN_APPEND_LOOP}
${CLAIM_STREAM_REVISION}
            v_prev := NULL;
            IF v_last - v_count >= 0 THEN
              SELECT e.metadata->>'chainHash' INTO v_prev FROM es_events e
               WHERE e.stream_name = v_stream AND e.revision = v_last - v_count;
            END IF;
            v_prev := coalesce(v_prev, '');

            -- Hashes in a loop (each needs the previous one), rows in one INSERT (as version 3 did).
            v_metas := ARRAY[]::jsonb[];
            FOR v_event, v_ord IN SELECT x.value, x.ordinality FROM jsonb_array_elements(v_events) WITH ORDINALITY ` +
        `AS x LOOP
              v_rev  := v_last - v_count + v_ord;
              v_meta := (v_event->'metadata') - 'chainHash';
              v_prev := es_chain_hash(v_prev, (v_event->>'id')::uuid, v_stream, v_rev, v_event->>'type', ` +
        `v_event->'data', v_meta);
              v_metas := v_metas || (v_meta || jsonb_build_object('chainHash', v_prev));
            END LOOP;
${insertEventRows('v_metas[e.ordinality]')}
${CLOSE_APPEND_LOOP}
        -- The single-append function of version 1 goes through the same chained path.
        CREATE OR REPLACE FUNCTION es_append(p_stream text, p_expect smallint, p_revision bigint, p_events jsonb)
        RETURNS TABLE (ok boolean, revision bigint, tx_id xid8, last_position bigint)
        LANGUAGE sql AS $fn$
          SELECT b.ok, b.revision, b.tx_id, b.last_position
            FROM es_append_batch(jsonb_build_array(jsonb_build_object(
                   'stream', p_stream, 'expect', p_expect, 'revision', p_revision, 'events', p_events))) AS b
        $fn$;

        -- Seal the events appended before this version, once (a no-op on a new store).
        DO $seal$
        DECLARE
          r        record;
          v_stream text := NULL;
          v_prev   text := '';
          v_hash   text;
        BEGIN
          FOR r IN SELECT e.tx_id, e.position, e.event_id, e.stream_name, e.revision, e.type, e.data, e.metadata
                     FROM es_events e ORDER BY e.stream_name, e.revision LOOP
            IF v_stream IS DISTINCT FROM r.stream_name THEN v_stream := r.stream_name; v_prev := ''; END IF;
            v_hash := es_chain_hash(v_prev, r.event_id, r.stream_name, r.revision, r.type, r.data, r.metadata);
            IF r.metadata->>'chainHash' IS DISTINCT FROM v_hash THEN
              UPDATE es_events SET metadata = (r.metadata - 'chainHash') || jsonb_build_object('chainHash', v_hash)
               WHERE es_events.tx_id = r.tx_id AND es_events.position = r.position;
            END IF;
            v_prev := v_hash;
          END LOOP;
        END
        $seal$;

        -- The audit history API: a business's events over time, and every event of one request.
        CREATE INDEX es_events_business_time ON es_events ((metadata->>'businessId'), (metadata->>'mode'), ` +
        `recorded_at, position);
        CREATE INDEX es_events_correlation ON es_events ((metadata->>'correlationId'), position);
      `,
    },
    {
      version: 5,
      name: 'cheaper hash chain on the append path',
      sql: CHEAPER_CHAIN_APPEND,
    },
    {
      version: 6,
      name: 'claims taken with an append',
      sql:
        `
        -- POOL account numbers and retail payment codes (any key unique while held) are claimed in
        -- the transaction of the append that needs them, instead of a reservation stream and event
        -- per key (docs/decisions.md, "POOL numbers claimed with the invoice's append").
        CREATE TABLE es_claims (
          claim_key   text        PRIMARY KEY,
          stream_name text        NOT NULL,
          held_until  timestamptz NOT NULL,
          claimed_at  timestamptz NOT NULL
        );
` +
        CHEAPER_CHAIN_APPEND.slice(CHEAPER_CHAIN_APPEND.indexOf('        CREATE OR REPLACE'))
          .replace(CHAIN_HASH_DECLARATIONS, () => CHAIN_HASH_DECLARATIONS + CLAIM_DECLARATIONS)
          .replace(CLAIM_STREAM_REVISION, () => CLAIM_STREAM_REVISION + TAKE_CLAIMS),
    },
  ],
};
