import express from 'express';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../errors/api-error';
import { refuseUnreadBodies } from './refuse-unread-bodies.middleware';

/** The middleware on a real Express request (it relies on `request.is`), answering what it passed to `next`. */
async function verdict(
  headers: Record<string, string>,
  body?: string | Uint8Array,
): Promise<{ status: number; body: unknown }> {
  const app = express();
  app.use(refuseUnreadBodies());
  app.use((_request: express.Request, response: express.Response) => void response.json({ passed: true }));
  app.use((error: ApiError, _request: express.Request, response: express.Response, _next: express.NextFunction) => {
    void response.status(error.status).json(error.toBody());
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers, body });
    return { status: response.status, body: await response.json() };
  } finally {
    server.close();
  }
}

describe('refuseUnreadBodies', () => {
  it.each([
    ['text/plain', 'text/plain'],
    ['application/xml; charset=utf-8', 'application/xml'],
  ])('refuses a %s body with 415 naming the media type', async (type, named) => {
    expect(await verdict({ 'content-type': type }, '{"a":1}')).toEqual({
      status: 415,
      body: {
        error_code: 'UNSUPPORTED_CONTENT_TYPE_ERROR',
        message: `The request body's content type ${named} is not read: send application/json`,
      },
    });
  });

  it('refuses a body without a content type', async () => {
    // Bytes, not a string: fetch would label a string text/plain.
    const answer = await verdict({}, Buffer.from('x'));
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ message: 'The request body has no content type: send application/json' });
  });

  it.each([
    ['no body at all', {}, undefined],
    ['Content-Length 0 without a type', { 'content-length': '0' }, ''],
    ['JSON', { 'content-type': 'application/json' }, '{}'],
    ['vendor JSON', { 'content-type': 'application/vnd.api+json' }, '{}'],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
    ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }, '--x--'],
  ])('lets %s through', async (_name, headers, body) => {
    expect(await verdict(headers as Record<string, string>, body)).toEqual({ status: 200, body: { passed: true } });
  });
});
