import type { EventMetadata, RecordedEvent } from '../event-envelope';
import type { EventSchemaRegistry } from '../schema/event-schema-registry';
import type { TupleDecoder } from './binary-copy-read';

/** The columns `decodeRecordedEvent` expects, in this order, from a binary COPY. */
export const RECORDED_EVENT_COLUMNS =
  'tx_id, position, event_id, stream_name, revision, type, data, metadata, recorded_at';
const COLUMN_COUNT = 9;

/** PostgreSQL's timestamps count microseconds from 2000-01-01 00:00 UTC. */
const POSTGRES_EPOCH_MS = 946_684_800_000;
const JSONB_VERSION = 1;
const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');

/**
 * The tuple decoder of `readAll`: every row decoded, then brought to its type's current schema
 * version, so no reader of the log (subscriptions, rebuilds, the tail pages they share) sees an
 * older shape.
 */
export function recordedEventDecoder(schemas: EventSchemaRegistry): TupleDecoder<RecordedEvent> {
  return (buffer, offset, into) => {
    const end = decodeRecordedEvent(buffer, offset, into);
    const last = into.length - 1;
    into[last] = schemas.upcast(into[last]);
    return end;
  };
}

/**
 * Decodes one row of `RECORDED_EVENT_COLUMNS` in PostgreSQL's binary format (the wire format of
 * `COPY ... (FORMAT binary)`) into a RecordedEvent as stored, appends it to `into`, and returns the
 * offset after the row. Each field is a 32-bit length followed by its bytes; every column is NOT NULL.
 */
export function decodeRecordedEvent(buffer: Buffer, offset: number, into: RecordedEvent[]): number {
  const reader = new FieldReader(buffer, offset);
  reader.fieldCount(COLUMN_COUNT);
  const commit = reader.uint64();
  const prepare = reader.int64();
  const id = reader.uuid();
  const streamName = reader.text();
  const revision = reader.int64();
  const type = reader.text();
  const data: unknown = reader.jsonb();
  const metadata = reader.jsonb() as EventMetadata;
  const recordedAt = reader.timestamp();
  into.push({ id, type, data, metadata, streamName, revision, position: { commit, prepare }, recordedAt });
  return reader.offset;
}

/** Reads the fields of one binary tuple in order; throws on a field of an unexpected size. */
class FieldReader {
  constructor(
    private readonly buffer: Buffer,
    public offset: number,
  ) {}

  fieldCount(expected: number): void {
    const count = this.buffer.readInt16BE(this.offset);
    if (count !== expected) throw new Error(`binary row: ${count} fields, expected ${expected}`);
    this.offset += 2;
  }

  /** xid8: unsigned 64-bit. */
  uint64(): bigint {
    const at = this.fixed(8);
    const high = this.buffer.readUInt32BE(at);
    const low = this.buffer.readUInt32BE(at + 4);
    return high === 0 ? BigInt(low) : (BigInt(high) << 32n) | BigInt(low);
  }

  /** int8: signed 64-bit, two's complement. */
  int64(): bigint {
    const at = this.fixed(8);
    const high = this.buffer.readInt32BE(at);
    const low = this.buffer.readUInt32BE(at + 4);
    return high === 0 ? BigInt(low) : (BigInt(high) << 32n) + BigInt(low);
  }

  /** uuid: 16 bytes, printed in the canonical lower-case 8-4-4-4-12 form, as PostgreSQL prints it. */
  uuid(): string {
    const at = this.fixed(16);
    const bytes = this.buffer;
    const out = uuidScratch;
    let written = 0;
    for (let i = 0; i < 16; i++) {
      if (i === 4 || i === 6 || i === 8 || i === 10) out[written++] = 0x2d; // '-'
      const byte = bytes[at + i];
      out[written++] = HEX_DIGITS[byte >> 4];
      out[written++] = HEX_DIGITS[byte & 15];
    }
    return out.toString('latin1', 0, 36);
  }

  /** text: the bytes in the client encoding, which pg sets to UTF-8. */
  text(): string {
    const length = this.length();
    const start = this.offset;
    this.offset += length;
    return this.buffer.toString('utf8', start, this.offset);
  }

  /** jsonb: a version byte, then the document as JSON text. */
  jsonb(): unknown {
    const length = this.length();
    const start = this.offset;
    if (length < 1 || this.buffer[start] !== JSONB_VERSION)
      throw new Error(`binary row: unknown jsonb format ${this.buffer[start]}`);
    this.offset += length;
    return JSON.parse(this.buffer.toString('utf8', start + 1, this.offset));
  }

  /**
   * timestamptz: microseconds since 2000-01-01 UTC, as a Date truncated to the millisecond (what
   * pg's text parser gives). Exact as a double for ±285 years around 2000.
   */
  timestamp(): Date {
    const at = this.fixed(8);
    const micros = this.buffer.readInt32BE(at) * 4_294_967_296 + this.buffer.readUInt32BE(at + 4);
    return new Date(Math.floor(micros / 1000) + POSTGRES_EPOCH_MS);
  }

  private length(): number {
    const length = this.buffer.readInt32BE(this.offset);
    if (length < 0) throw new Error('binary row: unexpected NULL');
    this.offset += 4;
    return length;
  }

  private fixed(size: number): number {
    const length = this.length();
    if (length !== size) throw new Error(`binary row: a field of ${length} bytes, expected ${size}`);
    const at = this.offset;
    this.offset += size;
    return at;
  }
}

/** Rows are decoded one at a time, synchronously, so one scratch buffer serves every uuid. */
const uuidScratch = Buffer.alloc(36);
