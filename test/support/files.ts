import { basicAuth } from './test-business';

/**
 * Real (tiny) files of each format: the gateway reads a file's structure, not only its magic
 * bytes (issue 19, item 16). A 1×1 RGBA PNG; a 1×1 grey baseline JPEG (quantisation table, frame,
 * one-code DC and AC Huffman tables, scan, two bits of data: DC 0 and end of block); a PDF with
 * its header and end-of-file marker.
 */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG_BYTES = Buffer.from(
  [
    'ffd8',
    `ffdb0043 00${'01'.repeat(64)}`,
    'ffc0000b 08 0001 0001 01 01 11 00',
    `ffc40014 00 01${'00'.repeat(15)} 00`,
    `ffc40014 10 01${'00'.repeat(15)} 00`,
    'ffda0008 01 01 00 00 3f 00',
    '3f',
    'ffd9',
  ]
    .join('')
    .replace(/ /g, ''),
  'hex',
);
export const PDF_BYTES = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');
export const EXE_BYTES = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 1)]);

export interface Upload {
  bytes?: Buffer;
  type?: string;
  filename?: string;
  purpose?: string | null;
  /** The form field the file is sent under. */
  field?: string;
}

/** POST /files as a multipart form, the way a merchant's HTTP client sends it. */
export async function uploadFile(
  baseUrl: string,
  key: string | undefined,
  upload: Upload = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const form = new FormData();
  if (upload.purpose !== null) form.append('purpose', upload.purpose ?? 'KYC_DOCUMENT');
  if (upload.bytes)
    form.append(
      upload.field ?? 'file',
      new Blob([upload.bytes], { type: upload.type ?? '' }),
      upload.filename ?? 'document',
    );
  const response = await fetch(`${baseUrl}/files`, {
    method: 'POST',
    headers: key === undefined ? {} : { authorization: basicAuth(key) },
    body: form,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body, headers: response.headers };
}
