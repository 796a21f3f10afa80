import type { Caller } from '../caller';

/** A file of a multipart upload, as the request log names it (never its bytes). */
export interface CapturedUpload {
  field: string;
  name: string;
  type: string;
  size: number;
}

/**
 * One answered, authenticated API request as the edge saw it: raw, unredacted, referencing the
 * objects the request already held (no copies, no serialisation on the request's path). The sink
 * redacts, caps and stores it later, off the request's critical path.
 */
export interface CapturedRequest {
  requestId: string;
  /** The client's own `Request-ID`/`X-Request-ID`, when it looked harmless. */
  clientRequestId?: string;
  method: string;
  /** Path and query as sent (may carry ids and card-like digits: redacted before storage). */
  url: string;
  /** The route as declared (`/v2/invoices/:id`). */
  route: string;
  /** 499 when the client went away before the answer was sent (nginx's convention). */
  status: number;
  latencyMs: number;
  startedAt: Date;
  caller: Caller;
  apiVersion?: string;
  /** The parsed body (JSON or form fields); undefined when there was none. */
  requestBody: unknown;
  /** Bytes of the request's body (its `Content-Length`), when known. */
  requestSize?: number;
  uploads: CapturedUpload[];
  /**
   * The value the answer was made from with `res.json()` (how every JSON answer of the API is
   * sent: Nest's handlers, the error filter, idempotent replays); absent for other answers (file
   * downloads, text), which the log only describes.
   */
  responseJson?: { value: unknown };
  /** Bytes of the answer's body (its `Content-Length`), when known. */
  responseSize?: number;
  responseContentType?: string;
}

/**
 * Where the edge hands captured requests (the request-log context implements it). `record` must
 * return at once: it runs in the response's `close` handler.
 */
export abstract class RequestLogSink {
  abstract record(captured: CapturedRequest): void;
}
