import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { OutboundHttp, RESPONSE_EXCERPT_BYTES } from './outbound-http';

describe('OutboundHttp (real local server)', () => {
  let server: Server;
  let hits = 0;
  let port = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits += 1;
      if (request.url === '/redirect') return void response.writeHead(302, { location: '/elsewhere' }).end();
      if (request.url === '/huge') return void response.writeHead(200).end('y'.repeat(200_000));
      if (request.url === '/slow') return void setTimeout(() => response.writeHead(200).end(), 2_000);
      response.writeHead(200, { 'retry-after': '7' }).end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    hits = 0;
  });

  type Policy = Partial<ConstructorParameters<typeof OutboundHttp>[0]>;
  /** Runs `use` with a client of `policy`, closed after, pass or fail (its agent keeps connections open). */
  const withClient = async (policy: Policy, use: (http: OutboundHttp) => Promise<void>) => {
    const http = new OutboundHttp({ allowPrivateTargets: true, requireHttps: false, timeoutMs: 1_000, ...policy });
    try {
      await use(http);
    } finally {
      http.close();
    }
  };
  const refusal = (reason: string) => ({ refused: true, error: expect.stringContaining(reason) });

  it('refuses loopback targets unless allowed, by literal address and through DNS, without connecting', async () => {
    await withClient({ allowPrivateTargets: false }, async (guarded) => {
      expect(await guarded.post(`http://127.0.0.1:${port}/`, '{}', {})).toMatchObject(refusal('not a public address'));
      expect(await guarded.post(`http://localhost:${port}/`, '{}', {})).toMatchObject(refusal('not a public address'));
      expect(await guarded.post(`http://[::1]:${port}/`, '{}', {})).toMatchObject({ refused: true });
      expect(hits).toBe(0);
    });
    await withClient({}, async (allowed) => {
      expect(await allowed.post(`http://localhost:${port}/`, '{}', {})).toMatchObject({
        statusCode: 200,
        responseExcerpt: 'ok',
        retryAfter: '7',
      });
    });
  });

  it('refuses plain http when https is required, other schemes, and URLs with credentials', async () => {
    await withClient({ requireHttps: true }, async (live) => {
      expect(await live.post(`http://127.0.0.1:${port}/`, '{}', {})).toMatchObject(refusal('https'));
      expect(await live.post('ftp://example.com/', '{}', {})).toMatchObject({ refused: true });
      expect(await live.post('https://user:pw@example.com/', '{}', {})).toMatchObject({ refused: true });
      expect(hits).toBe(0);
    });
  });

  it('does not follow redirects, caps what it reads, and gives up at the timeout', async () => {
    await withClient({}, async (http) => {
      expect(await http.post(`http://127.0.0.1:${port}/redirect`, '{}', {})).toMatchObject({ statusCode: 302 });
      expect(hits).toBe(1);
      const huge = await http.post(`http://127.0.0.1:${port}/huge`, '{}', {});
      expect(huge.statusCode).toBe(200);
      expect(huge.responseExcerpt).toHaveLength(RESPONSE_EXCERPT_BYTES);
      const slow = await http.post(`http://127.0.0.1:${port}/slow`, '{}', {});
      expect(slow.statusCode).toBeUndefined();
      expect(slow.error).toContain('no answer within 1000 ms');
      expect(slow.latencyMs).toBeLessThan(1_900);
    });
  });

  it('sends again, on another socket, a request whose kept-alive socket the receiver had closed', async () => {
    // A receiver that answers the first request of a connection, keeps it open, and resets it when
    // a second request arrives on it (as a server whose idle timeout just fired does).
    let connections = 0;
    const answered: number[] = [];
    const resetting = createNetServer((socket) => {
      const connection = ++connections;
      let requests = 0;
      socket.on('data', (chunk) => {
        if (!chunk.toString('latin1').startsWith('POST ')) return;
        if (++requests > 1) return void socket.resetAndDestroy();
        answered.push(connection);
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok');
      });
    });
    await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(resetting.address() as AddressInfo).port}/`;
    try {
      await withClient({}, async (http) => {
        expect(await http.post(url, '{}', {})).toMatchObject({ statusCode: 200 });
        const second = await http.post(url, '{}', {});
        expect(second.error).toBeUndefined();
        expect(second.statusCode).toBe(200);
      });
      expect(connections).toBe(2);
      expect(answered).toEqual([1, 2]);
    } finally {
      await new Promise((resolve) => resetting.close(resolve));
    }
  });
});
