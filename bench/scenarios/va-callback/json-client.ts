import { Agent, request } from 'node:http';

export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * A keep-alive HTTP client for load loops that need each answer's body (autocannon reports only
 * status and timing): at most `connections` sockets, reused.
 */
export class JsonClient {
  private readonly agent: Agent;

  constructor(connections: number) {
    this.agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  }

  send(url: string, options: { method: string; headers?: Record<string, string>; body?: string }): Promise<JsonAnswer> {
    return new Promise((resolve, reject) => {
      const outgoing = request(
        url,
        { method: options.method, headers: options.headers, agent: this.agent, timeout: 30_000 },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({
                status: incoming.statusCode ?? 0,
                body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
              });
            } catch {
              resolve({ status: incoming.statusCode ?? 0, body: { unparsed: text } });
            }
          });
          incoming.on('error', reject);
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error(`${options.method} ${url}: no answer within 30 s`)));
      outgoing.on('error', reject);
      outgoing.end(options.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
