import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCallback {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: any;
  receivedAt: number;
}

/** How the receiver answers one callback; the default is 200 `{"ok":true}`. */
export type Responder = (callback: ReceivedCallback, response: ServerResponse) => void | Promise<void>;

/** A real HTTP server standing in for a merchant's callback endpoint. */
export class WebhookReceiver {
  readonly received: ReceivedCallback[] = [];
  /** Requests being handled right now, and the most there ever were at once. */
  inFlight = 0;
  maxInFlight = 0;
  private responder: Responder = (_, response) =>
    void response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  private waiters: { count: number; resolve: () => void }[] = [];
  private server?: Server;

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    await receiver.listen();
    return receiver;
  }

  get url(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  respondWith(responder: Responder): void {
    this.responder = responder;
  }

  respondStatus(status: number, headers: Record<string, string> = {}, body = ''): void {
    this.respondWith((_, response) => void response.writeHead(status, headers).end(body));
  }

  /** Resolves once `count` callbacks have arrived in total. */
  waitForCount(count: number, timeoutMs = 15_000): Promise<ReceivedCallback[]> {
    if (this.received.length >= count) return Promise.resolve(this.received);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`expected ${count} callbacks, got ${this.received.length} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve(this.received);
        },
      });
    });
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private listen(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      // the emitter ignores what a listener returns: the responder's promise is the receiver's to keep
      request.on(
        'end',
        () =>
          void (async () => {
            const body = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = JSON.parse(body);
            } catch {
              json = undefined;
            }
            const callback = { path: request.url ?? '/', headers: request.headers, body, json, receivedAt: Date.now() };
            this.received.push(callback);
            this.inFlight += 1;
            this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
            response.on('close', () => (this.inFlight -= 1));
            for (const waiter of this.waiters.filter((w) => this.received.length >= w.count)) {
              this.waiters.splice(this.waiters.indexOf(waiter), 1);
              waiter.resolve();
            }
            await this.responder(callback, response);
          })(),
      );
    });
    return new Promise((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
  }
}
