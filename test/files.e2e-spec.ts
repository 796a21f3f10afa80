import fc from 'fast-check';
import type { ProvisionedBusiness } from '@gateway/accounts';
import { CreateApiKeyCommand } from '@gateway/accounts';
import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import { CommandBus } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { basicAuth, call, provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';
import { EXE_BYTES, JPEG_BYTES, PDF_BYTES, PNG_BYTES, uploadFile } from './support/files';

const MAX = 2_000_000;

describe('files', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  let other: ProvisionedBusiness;
  let key: string;

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
    other = await provisionBusiness(gateway.app);
    key = merchant.test.secret_key;
  });
  afterAll(async () => gateway?.close());

  const download = (id: string, withKey = key) =>
    fetch(`${gateway.baseUrl}/files/${id}/download`, { headers: { authorization: basicAuth(withKey) } });

  describe('POST /files', () => {
    it.each([
      ['a PNG', PNG_BYTES, 'image/png', 'image/png'],
      ['a JPEG', JPEG_BYTES, 'image/jpeg', 'image/jpeg'],
      ['a JPEG declared image/jpg', JPEG_BYTES, 'image/jpg', 'image/jpg'],
      ['a PDF', PDF_BYTES, 'application/pdf', 'application/pdf'],
      ['a PDF declared as octet-stream', PDF_BYTES, 'application/octet-stream', 'application/pdf'],
      ['a PNG with no declared type', PNG_BYTES, '', 'image/png'],
    ])('stores %s, recognised by its content', async (_name, bytes, declared, recorded) => {
      const uploaded = await uploadFile(gateway.baseUrl, key, {
        bytes,
        type: declared,
        purpose: 'CHARGEBACK_EVIDENCE',
      });
      expect(uploaded.status).toBe(200);
      expect(uploaded.body).toEqual({
        id: expect.stringMatching(/^file-[0-9a-f-]{36}$/),
        business_id: merchant.business_id,
        purpose: 'CHARGEBACK_EVIDENCE',
        type: recorded,
        size: bytes.length,
        created: expect.any(String),
        updated: expect.any(String),
        url: `${gateway.baseUrl}/files/${uploaded.body.id}/download`,
      });
      const fetched = await call(gateway.baseUrl, key, 'GET', `/files/${uploaded.body.id}`);
      expect(fetched.status).toBe(200);
      expect(fetched.body).toEqual(uploaded.body);
    });

    it.each([
      ['an executable named .png', EXE_BYTES, 'image/png'],
      ['plain text', Buffer.from('hello world'), 'text/plain'],
      ['a PDF declared as a PNG', PDF_BYTES, 'image/png'],
      ['a PNG declared as a GIF', PNG_BYTES, 'image/gif'],
    ])('refuses %s with 415 UNSUPPORTED_CONTENT_TYPE_ERROR', async (_name, bytes, declared) => {
      const refused = await uploadFile(gateway.baseUrl, key, { bytes, type: declared });
      expect(refused.status).toBe(415);
      expect(refused.body).toMatchObject({ error_code: 'UNSUPPORTED_CONTENT_TYPE_ERROR', message: expect.any(String) });
    });

    it('accepts exactly 2,000,000 bytes and refuses one more with 413 FILE_TOO_LARGE_EXCEEDED_ERROR', async () => {
      const exact = Buffer.concat([PNG_BYTES, Buffer.alloc(MAX - PNG_BYTES.length, 7)]);
      const accepted = await uploadFile(gateway.baseUrl, key, { bytes: exact, type: 'image/png' });
      expect(accepted.status).toBe(200);
      expect(accepted.body.size).toBe(MAX);
      const body = Buffer.from(await (await download(accepted.body.id)).arrayBuffer());
      expect(body.equals(exact)).toBe(true);

      const tooLarge = await uploadFile(gateway.baseUrl, key, {
        bytes: Buffer.concat([exact, Buffer.from([0])]),
        type: 'image/png',
      });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body).toMatchObject({ error_code: 'FILE_TOO_LARGE_EXCEEDED_ERROR', message: expect.any(String) });
    });

    it.each([
      ['no file', { purpose: 'KYC_DOCUMENT' }],
      ['no purpose', { bytes: PNG_BYTES, purpose: null }],
      ['an unknown purpose', { bytes: PNG_BYTES, purpose: 'SELFIE' }],
      ['the file under another field name', { bytes: PNG_BYTES, field: 'document' }],
      ['an empty file', { bytes: Buffer.alloc(0), type: 'image/png' }],
    ])('answers %s with 400 API_VALIDATION_ERROR', async (_name, upload) => {
      const refused = await uploadFile(gateway.baseUrl, key, upload);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error_code: 'API_VALIDATION_ERROR', message: expect.any(String) });
    });

    it.each([
      [
        'a truncated multipart body',
        'multipart/form-data; boundary=XYZ',
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      ],
      ['a multipart type without a boundary', 'multipart/form-data', '--XYZ\r\n\r\n'],
      ['a part without headers', 'multipart/form-data; boundary=XYZ', '--XYZ\r\ngarbage\r\n--XYZ--\r\n'],
      [
        'two files',
        'multipart/form-data; boundary=XYZ',
        ['a', 'b']
          .map(
            (n) =>
              `--XYZ\r\nContent-Disposition: form-data; name="file"; ` +
              `filename="${n}.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`,
          )
          .join('') + '--XYZ--\r\n',
      ],
      ['JSON', 'application/json', '{"purpose":"KYC_DOCUMENT","file":"iVBORw0KGgo="}'],
      ['raw bytes', 'image/png', '\x89PNG\r\n\x1a\n'],
    ])('answers %s with a 4xx that names its error', async (_name, contentType, body) => {
      const response = await fetch(`${gateway.baseUrl}/files`, {
        method: 'POST',
        headers: { authorization: basicAuth(key), 'content-type': contentType },
        body: Buffer.from(body, 'latin1'),
      });
      const answer = (await response.json()) as { error_code: string; message: string };
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(answer).toMatchObject({ error_code: expect.any(String), message: expect.any(String) });
    });

    it('never answers 5xx to random multipart bodies', async () => {
      // Its own business: the uploads spend the file-transfer quota of the account.
      const fuzzKey = (await provisionBusiness(gateway.app)).test.secret_key;
      const part = fc.record({
        name: fc.constantFrom('file', 'purpose', 'other', '', 'file[0]', 'a"b'),
        filename: fc.option(fc.string({ maxLength: 20 })),
        type: fc.option(fc.constantFrom('image/png', 'application/pdf', 'text/plain', '', 'x')),
        body: fc.uint8Array({ maxLength: 300 }),
      });
      await fc.assert(
        fc.asyncProperty(
          fc.array(part, { maxLength: 4 }),
          fc.boolean(),
          fc.boolean(),
          async (parts, closed, prefixPng) => {
            const chunks: Buffer[] = [];
            for (const p of parts) {
              const disposition =
                `Content-Disposition: form-data; ` +
                `name="${p.name}"${p.filename === null ? '' : `; filename="${p.filename}"`}`;
              chunks.push(
                Buffer.from(
                  `--B0UND\r\n${disposition}\r\n${p.type === null ? '' : `Content-Type: ${p.type}\r\n`}\r\n`,
                  'latin1',
                ),
              );
              chunks.push(prefixPng ? Buffer.concat([PNG_BYTES, p.body]) : Buffer.from(p.body));
              chunks.push(Buffer.from('\r\n'));
            }
            if (closed) chunks.push(Buffer.from('--B0UND--\r\n'));
            const response = await fetch(`${gateway.baseUrl}/files`, {
              method: 'POST',
              headers: { authorization: basicAuth(fuzzKey), 'content-type': 'multipart/form-data; boundary=B0UND' },
              body: Buffer.concat(chunks),
            });
            const answer = (await response.json()) as { error_code?: string };
            return (
              response.status < 500 &&
              response.status !== 429 &&
              (response.status === 200 || typeof answer.error_code === 'string')
            );
          },
        ),
        { numRuns: 40 },
      );
    });

    it('replays an upload sent again with the same idempotency key', async () => {
      const post = async (idempotencyKey: string) => {
        const form = new FormData();
        form.append('purpose', 'KYC_DOCUMENT');
        form.append('file', new Blob([PNG_BYTES], { type: 'image/png' }), 'a.png');
        const response = await fetch(`${gateway.baseUrl}/files`, {
          method: 'POST',
          headers: { authorization: basicAuth(key), 'x-idempotency-key': idempotencyKey },
          body: form,
        });
        return { status: response.status, body: (await response.json()) as { id: string } };
      };
      const idempotencyKey = `upload-${Date.now()}`;
      const first = await post(idempotencyKey);
      expect(first.status).toBe(200);
      expect(await post(idempotencyKey)).toEqual(first);
      expect((await post(`${idempotencyKey}-other`)).body.id).not.toBe(first.body.id);
    });

    it('keeps the bytes out of events: they carry id, purpose, size, type and digest', async () => {
      const uploaded = await uploadFile(gateway.baseUrl, key, { bytes: PDF_BYTES, type: 'application/pdf' });
      const events = await gateway.app.get<EventStore>(EVENT_STORE).readStream(`file-${uploaded.body.id}`);
      expect(events).toHaveLength(1);
      const fields = ['businessId', 'contentType', 'fileId', 'mode', 'purpose', 'sha256', 'sizeBytes', 'uploadedAt'];
      expect(Object.keys(events[0].data as object).sort()).toEqual(fields);
      expect(JSON.stringify(events[0].data)).not.toContain('%PDF');
      expect(JSON.stringify(events[0].data)).not.toContain(PDF_BYTES.toString('base64'));
    });
  });

  describe('download and delete', () => {
    it('streams the content with its type, then deletes the file and its content', async () => {
      const uploaded = await uploadFile(gateway.baseUrl, key, { bytes: JPEG_BYTES, type: 'image/jpeg' });
      const id = uploaded.body.id as string;
      const response = await download(id);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('content-length')).toBe(String(JPEG_BYTES.length));
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await response.arrayBuffer()).equals(JPEG_BYTES)).toBe(true);

      const deleted = await call(gateway.baseUrl, key, 'DELETE', `/files/${id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ id, business_id: merchant.business_id, is_deleted: true });

      const pool = gateway.app.get(Pool);
      const { rows } = await pool.query('SELECT 1 FROM file_contents WHERE file_id = $1', [id]);
      expect(rows).toHaveLength(0);
      for (const [method, path] of [
        ['GET', `/files/${id}`],
        ['GET', `/files/${id}/download`],
        ['DELETE', `/files/${id}`],
      ]) {
        const gone = await call(gateway.baseUrl, key, method, path);
        expect(gone.status).toBe(404);
        expect(gone.body.error_code).toBe('DATA_NOT_FOUND');
      }
    });

    it('answers DATA_NOT_FOUND for unknown ids and for files of another business or mode', async () => {
      const uploaded = await uploadFile(gateway.baseUrl, key, { bytes: PNG_BYTES, type: 'image/png' });
      for (const [withKey, id] of [
        [key, 'file-00000000-0000-0000-0000-000000000000'],
        [key, 'undefined'],
        [other.test.secret_key, uploaded.body.id],
        [merchant.live.secret_key, uploaded.body.id],
      ]) {
        for (const [method, path] of [
          ['GET', `/files/${id}`],
          ['GET', `/files/${id}/download`],
          ['DELETE', `/files/${id}`],
        ]) {
          const answer = await call(gateway.baseUrl, withKey, method, path);
          expect(answer.status).toBe(404);
          expect(answer.body.error_code).toBe('DATA_NOT_FOUND');
        }
      }
      // Still there for its owner.
      expect((await download(uploaded.body.id)).status).toBe(200);
    });

    it('needs files:write to upload and delete, files:read to read', async () => {
      const readOnly = await gateway.app.get(CommandBus).execute(
        new CreateApiKeyCommand(merchant.business_id, 'test', 'secret', 'files read', ['files:read'], {
          requestId: 'req_k',
          actor: 'system:test',
        }),
      );
      const uploaded = await uploadFile(gateway.baseUrl, key, { bytes: PNG_BYTES, type: 'image/png' });
      const refused = await uploadFile(gateway.baseUrl, readOnly.key, { bytes: PNG_BYTES, type: 'image/png' });
      expect(refused.status).toBe(403);
      expect(refused.body.error_code).toBe('REQUEST_FORBIDDEN_ERROR');
      expect((await call(gateway.baseUrl, readOnly.key, 'DELETE', `/files/${uploaded.body.id}`)).status).toBe(403);
      expect((await call(gateway.baseUrl, readOnly.key, 'GET', `/files/${uploaded.body.id}`)).status).toBe(200);
      expect((await uploadFile(gateway.baseUrl, undefined, { bytes: PNG_BYTES })).status).toBe(401);
    });
  });

  describe('file-transfer rate limit', () => {
    it('allows 60 downloads a minute per account and mode, then answers 429 RATE_LIMIT_EXCEEDED', async () => {
      const owner = await provisionBusiness(gateway.app);
      const uploaded = await uploadFile(gateway.baseUrl, owner.test.secret_key, {
        bytes: PNG_BYTES,
        type: 'image/png',
      });
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 61; i++) {
        last = await download(uploaded.body.id, owner.test.secret_key);
        statuses.push(last.status);
        if (i < 60) await last.arrayBuffer();
      }
      expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
      expect(last!.headers.get('rate-limit-limit')).toBe('60');
      expect(await last!.json()).toMatchObject({ error_code: 'RATE_LIMIT_EXCEEDED' });
      // The metadata endpoint has its own counter.
      expect((await call(gateway.baseUrl, owner.test.secret_key, 'GET', `/files/${uploaded.body.id}`)).status).toBe(
        200,
      );
    });
  });
});
