import { basicAuth } from './test-business';

/** Enough of each format for content detection (magic bytes first), plus some body. */
export const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake png body')]);
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF fake jpeg body')]);
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
export async function uploadFile(baseUrl: string, key: string | undefined, upload: Upload = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const form = new FormData();
  if (upload.purpose !== null) form.append('purpose', upload.purpose ?? 'KYC_DOCUMENT');
  if (upload.bytes) form.append(upload.field ?? 'file', new Blob([upload.bytes], { type: upload.type ?? '' }), upload.filename ?? 'document');
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
