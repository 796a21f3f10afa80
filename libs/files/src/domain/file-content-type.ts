/**
 * What a file is, judged by its content, never by the name or the type the client declared: a
 * PNG, a JPEG or a PDF (spec "File"), or nothing we accept.
 *
 * A few magic bytes do not make a file (issue 19, item 16: `FF D8 FF` alone is not a JPEG), so
 * each format's structure is read as far as it takes to be sure, without decoding pixels:
 * - PNG: the signature, a well-formed IHDR first (13 bytes, non-zero size, a valid colour type
 *   and bit depth, its CRC), then chunks that fit in the file, through IDAT to IEND;
 * - JPEG: SOI, then marker segments that fit in the file, a frame header (SOF) with a non-zero
 *   width before the scan (SOS), a well-formed scan header, and EOI after the scan data;
 * - PDF: `%PDF-<digit>.<digit>` and an `%%EOF` in the last 1024 bytes (where readers look for it).
 * Bytes after PNG's IEND or JPEG's EOI are tolerated, as image readers tolerate them.
 */
export const ACCEPTED_CONTENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type AcceptedContentType = (typeof ACCEPTED_CONTENT_TYPES)[number];

/** The spec also lists `image/jpg` as a file `type`; a client that declares it gets it back. */
export type FileContentType = AcceptedContentType | 'image/jpg';

export function detectContentType(content: Uint8Array): AcceptedContentType | undefined {
  if (isPng(content)) return 'image/png';
  if (isJpeg(content)) return 'image/jpeg';
  if (isPdf(content)) return 'application/pdf';
  return undefined;
}

/** Declared types that say nothing about the content (browsers and HTTP clients send them for any file). */
const UNINFORMATIVE = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/x-unknown']);

const ALIASES: Record<string, AcceptedContentType> = {
  'image/png': 'image/png',
  'image/x-png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'application/pdf': 'application/pdf',
  'application/x-pdf': 'application/pdf',
};

/**
 * The type to record: the detected one, provided the declared type (if it says anything) agrees.
 * `undefined` when the content is not an accepted type or contradicts the declaration, e.g. a
 * PDF uploaded as `image/png`, or an executable renamed `.png`.
 */
export function resolveContentType(content: Uint8Array, declared: string | undefined): FileContentType | undefined {
  const detected = detectContentType(content);
  if (!detected) return undefined;
  const normalised = (declared ?? '').split(';')[0].trim().toLowerCase();
  if (UNINFORMATIVE.has(normalised)) return detected;
  if (ALIASES[normalised] !== detected) return undefined;
  return normalised === 'image/jpg' ? 'image/jpg' : detected;
}

// --- PNG ---------------------------------------------------------------------------------------

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Allowed bit depths per colour type (PNG specification, IHDR). */
const PNG_BIT_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

function isPng(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, PNG_SIGNATURE)) return false;
  // IHDR: length 13, type, width, height, bit depth, colour type, compression 0, filter 0, interlace 0|1, CRC.
  if (bytes.length < 33 || uint32(bytes, 8) !== 13 || chunkType(bytes, 12) !== 'IHDR') return false;
  const [depth, colourType, compression, filter, interlace] = [bytes[24], bytes[25], bytes[26], bytes[27], bytes[28]];
  if (uint32(bytes, 16) === 0 || uint32(bytes, 20) === 0) return false;
  if (!PNG_BIT_DEPTHS[colourType]?.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return false;
  if (crc32(bytes, 12, 29) !== uint32(bytes, 29)) return false;
  // The chunks after it, each inside the file, until IEND; at least one IDAT on the way.
  let offset = 33;
  let sawData = false;
  while (offset + 12 <= bytes.length) {
    const length = uint32(bytes, offset);
    const type = chunkType(bytes, offset + 4);
    if (offset + 12 + length > bytes.length || !/^[A-Za-z]{4}$/.test(type)) return false;
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') return sawData && length === 0;
    offset += 12 + length;
  }
  return false;
}

function chunkType(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 of bytes[start, end), as PNG computes it over a chunk's type and data. */
function crc32(bytes: Uint8Array, start: number, end: number): number {
  let crc = 0xffffffff;
  for (let i = start; i < end; i++) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// --- JPEG --------------------------------------------------------------------------------------

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;

/** Start-of-frame markers: SOF0–SOF3, SOF5–SOF7, SOF9–SOF11, SOF13–SOF15 (C4, C8 and CC are other segments). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: TEM and the restart markers. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

function isJpeg(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return false;
  let offset = 2;
  let sawFrame = false;
  for (;;) {
    if (bytes[offset] !== 0xff) return false;
    while (bytes[offset] === 0xff) offset++; // fill bytes before a marker
    if (offset >= bytes.length) return false;
    const marker = bytes[offset++];
    if (isStandalone(marker)) continue;
    // No stuffed zero, second SOI or EOI before the scan: that is not a JPEG's header.
    if (marker === 0x00 || marker === SOI || marker === EOI || offset + 2 > bytes.length) return false;
    const length = uint16(bytes, offset); // counts its own two bytes
    if (length < 2 || offset + length > bytes.length) return false;
    if (isStartOfFrame(marker)) {
      if (!isFrameHeader(bytes, offset, length)) return false;
      sawFrame = true;
    }
    if (marker === SOS) return sawFrame && isScanHeader(bytes, offset, length) && endsAfter(bytes, offset + length);
    offset += length;
  }
}

/** SOF: length, precision, height, width (non-zero), component count Nf ≥ 1 and 3 bytes per component. */
function isFrameHeader(bytes: Uint8Array, offset: number, length: number): boolean {
  if (length < 8) return false;
  const components = bytes[offset + 7];
  return uint16(bytes, offset + 5) > 0 && components >= 1 && length === 8 + 3 * components;
}

/** SOS: length, component count Ns of 1 to 4, and 2 bytes per component, then 3 bytes. */
function isScanHeader(bytes: Uint8Array, offset: number, length: number): boolean {
  const components = length >= 3 ? bytes[offset + 2] : 0;
  return components >= 1 && components <= 4 && length === 6 + 2 * components;
}

/** Scan data, then EOI (trailing bytes after it tolerated). */
function endsAfter(bytes: Uint8Array, scanStart: number): boolean {
  for (let i = bytes.length - 2; i > scanStart; i--) if (bytes[i] === 0xff && bytes[i + 1] === EOI) return true;
  return false;
}

// --- PDF ---------------------------------------------------------------------------------------

const PDF_HEADER = /^%PDF-\d\.\d/;
/** Readers look for the end-of-file marker in the last 1024 bytes. */
const PDF_TAIL = 1024;

function isPdf(bytes: Uint8Array): boolean {
  if (bytes.length < 8 || !PDF_HEADER.test(latin1(bytes, 0, 8))) return false;
  return latin1(bytes, Math.max(0, bytes.length - PDF_TAIL), bytes.length).includes('%%EOF');
}

// --- bytes -------------------------------------------------------------------------------------

const startsWith = (bytes: Uint8Array, magic: number[]) =>
  bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte);
const uint16 = (bytes: Uint8Array, offset: number) => (bytes[offset] << 8) | bytes[offset + 1];
const uint32 = (bytes: Uint8Array, offset: number) =>
  ((bytes[offset] << 24) | (bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3]) >>> 0;

function latin1(bytes: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let i = start; i < end; i++) text += String.fromCharCode(bytes[i]);
  return text;
}
