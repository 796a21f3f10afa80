import { DomainError, relayedErrorCode } from '@gateway/domain';

/**
 * A refusal of the gateway's API: its `error_code` and message, and the HTTP status. The code is
 * the API's, relayed as it answered (the server declared it; the CLI only reports it).
 */
export class GatewayApiError extends DomainError {
  constructor(status: number, code: string, message: string) {
    super(relayedErrorCode(code, status, 'gateway-api'), message);
  }
}

export interface GatewayRequest {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * The public API as a merchant's code calls it: Basic auth with a secret key, JSON in and out.
 * The developer commands (`listen`, `trigger`, `logs tail`) use it instead of the database, so
 * they work against any running gateway, local or remote, with nothing but a key.
 */
export class GatewayClient {
  readonly baseUrl: string;
  private readonly authorization: string;

  constructor(baseUrl: string, secretKey: string) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.authorization = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
  }

  async get<T = unknown>(path: string, options: GatewayRequest = {}): Promise<T> {
    return this.request<T>('GET', path, options);
  }

  async post<T = unknown>(path: string, body: unknown = {}, options: GatewayRequest = {}): Promise<T> {
    return this.request<T>('POST', path, { ...options, body });
  }

  async patch<T = unknown>(path: string, body: unknown, options: GatewayRequest = {}): Promise<T> {
    return this.request<T>('PATCH', path, { ...options, body });
  }

  async request<T>(method: string, path: string, options: GatewayRequest = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: this.authorization,
          accept: 'application/json',
          ...(options.body !== undefined && { 'content-type': 'application/json' }),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new GatewayUnreachableError(`${this.baseUrl} did not answer ${method} ${path}: ${causeOf(error)}`);
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const refusal = (body ?? {}) as { error_code?: unknown; message?: unknown };
      const code = typeof refusal.error_code === 'string' ? refusal.error_code : `HTTP_${response.status}`;
      const message = typeof refusal.message === 'string' ? refusal.message : text.slice(0, 200);
      throw new GatewayApiError(response.status, code, `${method} ${path}: ${message}`);
    }
    return body as T;
  }
}

/** The gateway could not be reached at all (not started, wrong URL, network down). */
export class GatewayUnreachableError extends Error {
  override readonly name = 'GatewayUnreachableError';
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
