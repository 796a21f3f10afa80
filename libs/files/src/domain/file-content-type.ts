/**
 * What a file is, judged by its first bytes (its "magic number"), never by the name or the type
 * the client declared: a PNG, a JPEG or a PDF (spec "File"), or nothing we accept.
 */
export const ACCEPTED_CONTENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type AcceptedContentType = (typeof ACCEPTED_CONTENT_TYPES)[number];

/** The spec also lists `image/jpg` as a file `type`; a client that declares it gets it back. */
export type FileContentType = AcceptedContentType | 'image/jpg';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

const startsWith = (bytes: Uint8Array, magic: number[]) => bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte);

export function detectContentType(head: Uint8Array): AcceptedContentType | undefined {
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, PDF)) return 'application/pdf';
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
export function resolveContentType(head: Uint8Array, declared: string | undefined): FileContentType | undefined {
  const detected = detectContentType(head);
  if (!detected) return undefined;
  const normalised = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  if (UNINFORMATIVE.has(normalised)) return detected;
  if (ALIASES[normalised] !== detected) return undefined;
  return normalised === 'image/jpg' ? 'image/jpg' : detected;
}
