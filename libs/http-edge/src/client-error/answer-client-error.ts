import type { Socket } from 'node:net';
import type { RateLimitDecision } from '../rate-limit/rate-limit-decision';
import { newRequestId, REQUEST_ID_HEADER } from '../request-id/request-id.middleware';

/** The IP limit's `consume`, when the app has the rate-limit module. */
export type ConsumeIpQuota = (ip: string) => RateLimitDecision | Promise<RateLimitDecision>;

interface Refusal {
  status: number;
  reason: string;
  errorCode: string;
  message: string;
}

/**
 * What Node's HTTP parser refuses before Express sees a request (`clientError`): headers larger
 * than the server allows (431), a request that took too long to arrive (408), anything else that
 * is not HTTP (400). Node's own answer is a bare status line; ours is the edge's like any other:
 * a JSON `{error_code, message}` body, `Request-ID`, and the IP rate limit, which these requests
 * count against (a client that floods malformed requests is limited like any other; issue 19,
 * item 17). The client's address is the socket's: headers (X-Forwarded-For) were not read.
 */
export function answerClientError(consumeIpQuota: ConsumeIpQuota | undefined) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    // Nothing to answer on a connection the client already dropped, or one whose previous
    // response is still being written (Node's own handler leaves those alone too).
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const refusal = refusalOf(error.code);
    const decided = consumeIpQuota?.(socket.remoteAddress ?? 'unknown');
    const write = (decision: RateLimitDecision | undefined) => {
      if (!socket.writable) return void socket.destroy();
      socket.end(rawResponse(decision && !decision.allowed ? tooManyRequests : refusal, decision));
    };
    if (decided instanceof Promise) {
      decided.then(write, () => write(undefined));
    } else {
      write(decided);
    }
  };
}

const tooManyRequests: Refusal = {
  status: 429,
  reason: 'Too Many Requests',
  errorCode: 'RATE_LIMIT_EXCEEDED',
  message: 'Too many requests; retry after the number of seconds in the Retry-After header',
};

function refusalOf(code: string | undefined): Refusal {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      reason: 'Request Header Fields Too Large',
      errorCode: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
      message: 'The request headers (with the URL) are larger than the server accepts: send fewer or shorter headers',
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      reason: 'Request Timeout',
      errorCode: 'REQUEST_TIMEOUT_ERROR',
      message: 'The request did not arrive in time',
    };
  }
  return {
    status: 400,
    reason: 'Bad Request',
    errorCode: 'INVALID_HTTP_REQUEST',
    message: 'The request is not valid HTTP',
  };
}

function rawResponse(refusal: Refusal, decision: RateLimitDecision | undefined): string {
  const body = JSON.stringify({ error_code: refusal.errorCode, message: refusal.message });
  const headers = [
    `HTTP/1.1 ${refusal.status} ${refusal.reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    `${REQUEST_ID_HEADER}: ${newRequestId()}`,
    ...(decision
      ? [
          `Rate-Limit-Limit: ${decision.limit}`,
          `Rate-Limit-Remaining: ${decision.remaining}`,
          `Rate-Limit-Reset: ${decision.resetSeconds}`,
          ...(decision.allowed ? [] : [`Retry-After: ${decision.retryAfterSeconds ?? decision.resetSeconds}`]),
        ]
      : []),
  ];
  return `${headers.join('\r\n')}\r\n\r\n${body}`;
}
