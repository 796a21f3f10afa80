import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * A local callback receiver in the benchmark process, answering 200 at once; remembers when each
 * callback first arrived (`performance.now()`, the same clock the scenarios time requests with),
 * keyed by what `keyOf` reads from the JSON body.
 */
export class CallbackReceiver {
  private readonly arrivals = new Map<string, number>();
  private received = 0;
  private waiting?: { ids: string[]; resolve: () => void };

  private constructor(
    private readonly server: Server,
    private readonly keyOf: (body: Record<string, unknown>) => string,
  ) {}

  static async start(keyOf: (body: Record<string, unknown>) => string): Promise<CallbackReceiver> {
    let receiver!: CallbackReceiver;
    const server = createServer({ keepAliveTimeout: 65_000 }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const at = performance.now();
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        receiver.arrived(
          receiver.keyOf(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>),
          at,
        );
      });
    });
    receiver = new CallbackReceiver(server, keyOf);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/callbacks`;
  }

  firstArrival(id: string): number | undefined {
    return this.arrivals.get(id);
  }

  /** Callbacks that arrived more than once (allowed: delivery is at least once). */
  duplicates(): number {
    return this.received - this.arrivals.size;
  }

  /** Resolves with the latest first-arrival time once every id has arrived. */
  async expect(ids: string[], timeoutMs: number): Promise<number> {
    const missing = () => ids.filter((id) => !this.arrivals.has(id)).length;
    if (missing() > 0) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          this.waiting = undefined;
          reject(new Error(`${missing()} of ${ids.length} callbacks did not arrive within ${timeoutMs} ms`));
        }, timeoutMs);
        this.waiting = {
          ids,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      });
    }
    return ids.reduce((latest, id) => Math.max(latest, this.arrivals.get(id)!), -Infinity);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private arrived(id: string, at: number): void {
    this.received += 1;
    if (!this.arrivals.has(id)) this.arrivals.set(id, at);
    const waiting = this.waiting;
    // Cheap check first: only scan when enough have arrived.
    if (
      waiting &&
      this.arrivals.size >= waiting.ids.length &&
      waiting.ids.every((wanted) => this.arrivals.has(wanted))
    ) {
      this.waiting = undefined;
      waiting.resolve();
    }
  }
}
