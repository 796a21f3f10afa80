import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress, TargetRefusedError } from './address-guard';

/** Bytes of a receiver's answer kept in the delivery log (the issue: "first 1 KB"). */
export const RESPONSE_EXCERPT_BYTES = 1024;
/** Bytes read from a receiver's answer at most; the rest is discarded and the socket closed. */
export const RESPONSE_READ_CAP_BYTES = 64 * 1024;

export interface OutboundPolicy {
  allowPrivateTargets: boolean;
  /** Live-mode callbacks carry real payment data: HTTPS only. */
  requireHttps: boolean;
  timeoutMs: number;
}

export interface PostResult {
  statusCode?: number;
  retryAfter?: string;
  responseExcerpt?: string;
  error?: string;
  /** The target can never be reached under the policy (bad scheme, private address). */
  refused?: boolean;
  latencyMs: number;
}

/**
 * Posts callbacks with the outbound safety rules: no redirects (Node's http client never
 * follows them), a total timeout, a capped read of the answer, and, unless allowed, no private
 * targets. The address check runs inside the socket's DNS lookup, so the address checked is
 * the address connected to (no DNS-rebinding window).
 */
export class OutboundHttp {
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 256 });

  constructor(private readonly policy: OutboundPolicy) {}

  async post(url: string, body: string, headers: Record<string, string>): Promise<PostResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let target: URL;
    try {
      target = new URL(url);
      this.checkUrl(target);
    } catch (error) {
      return { refused: true, error: describe(error), latencyMs: elapsed() };
    }
    try {
      const answer = await this.send(target, body, headers);
      return { ...answer, latencyMs: elapsed() };
    } catch (error) {
      return { error: describe(error), refused: error instanceof TargetRefusedError, latencyMs: elapsed() };
    }
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  private checkUrl(target: URL): void {
    if (target.protocol !== 'https:' && target.protocol !== 'http:')
      throw new TargetRefusedError(`${target.protocol} URLs are not allowed`);
    if (this.policy.requireHttps && target.protocol !== 'https:')
      throw new TargetRefusedError('live-mode callbacks go to https URLs only');
    if (target.username || target.password) throw new TargetRefusedError('URLs with credentials are not allowed');
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!this.policy.allowPrivateTargets && isIP(host) && !isPublicAddress(host)) {
      throw new TargetRefusedError(`${host} is not a public address`);
    }
  }

  /**
   * One attempt as the merchant sees it. A kept-alive socket the receiver closed while idle fails
   * the moment it is reused (ECONNRESET before any answer: the receiver never read the request);
   * that is our connection's end, not a failed delivery, so the request goes again on another
   * socket (Node's documented use of `reusedSocket`), at most `STALE_SOCKET_RETRIES` times.
   */
  private async send(
    target: URL,
    body: string,
    headers: Record<string, string>,
  ): Promise<Omit<PostResult, 'latencyMs'>> {
    for (let retries = 0; ; retries++) {
      try {
        return await this.sendOnce(target, body, headers);
      } catch (error) {
        if (!(error instanceof StaleSocketError)) throw error;
        if (retries >= STALE_SOCKET_RETRIES) throw error.original;
      }
    }
  }

  private sendOnce(target: URL, body: string, headers: Record<string, string>): Promise<Omit<PostResult, 'latencyMs'>> {
    const secure = target.protocol === 'https:';
    const client = secure ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.request(
        target,
        {
          method: 'POST',
          agent: secure ? this.httpsAgent : this.httpAgent,
          headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
          lookup: this.policy.allowPrivateTargets ? undefined : guardedLookup,
          timeout: this.policy.timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            if (read >= RESPONSE_READ_CAP_BYTES) return;
            chunks.push(chunk);
            read += chunk.length;
            // Enough kept: stop reading a huge answer (the socket is not reused then).
            if (read >= RESPONSE_READ_CAP_BYTES) response.destroy();
          });
          const finish = () =>
            resolve({
              statusCode: response.statusCode,
              retryAfter: header(response.headers['retry-after']),
              responseExcerpt: Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8'),
            });
          response.on('end', finish);
          response.on('close', finish);
          response.on('error', finish);
        },
      );
      // The socket timeout covers idle gaps; the deadline covers a receiver trickling bytes.
      const deadline = setTimeout(
        () => request.destroy(new Error(`no answer within ${this.policy.timeoutMs} ms`)),
        this.policy.timeoutMs,
      );
      request.on('timeout', () => request.destroy(new Error(`no answer within ${this.policy.timeoutMs} ms`)));
      request.on('error', (error: NodeJS.ErrnoException) =>
        reject(request.reusedSocket && error.code === 'ECONNRESET' ? new StaleSocketError(error) : error),
      );
      request.on('close', () => clearTimeout(deadline));
      request.end(body);
    });
  }
}

/** Reuses of a closed kept-alive socket retried within one attempt (each fails at once). */
const STALE_SOCKET_RETRIES = 2;

/** The receiver had closed the kept-alive socket this request went out on (see `send`). */
class StaleSocketError extends Error {
  constructor(readonly original: Error) {
    super(original.message);
  }
}

const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses;
    const refused = list.find((entry) => !isPublicAddress(entry.address));
    if (refused)
      return callback(
        new TargetRefusedError(`${hostname} resolves to ${refused.address}, not a public address`),
        '',
        0,
      );
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
