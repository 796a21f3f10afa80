import { GatewayApiError, type GatewayClient, GatewayUnreachableError } from '../http/gateway-client';
import { forwardLocally, type LocalAnswer } from './local-forwarder';
import { sleep } from '../sleep-until-aborted';

/**
 * How long one poll may wait on the gateway for a callback (it allows up to 30 s). Short enough
 * that a gateway shutting down gracefully (it lets in-flight requests finish) is not held long.
 */
const POLL_WAIT_SECONDS = 10;
const RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000];

export interface ListenedCallback {
  id: string;
  cursor: string;
  callback_type: string;
  event_type: string;
  resource_id: string;
  created: string;
  headers: Record<string, string>;
  body: string;
}

interface ListenAnswer {
  business_id: string;
  signing_secret: string;
  data: ListenedCallback[];
  next_cursor: string;
}

export interface ListenOptions {
  forwardTo: string;
  kinds?: string[];
  signal: AbortSignal;
  onReady(ready: { businessId: string; signingSecret: string }): void;
  onForwarded(callback: ListenedCallback, answer: LocalAnswer): void;
  /** The gateway could not be reached; listening resumes where it was when it can. */
  onGatewayTrouble(message: string): void;
}

/** The listen query string: where to continue, how long to wait, which kinds. */
function queryOf(after: string | undefined, wait: number, kinds?: string[]): string {
  const params = new URLSearchParams();
  if (after !== undefined) params.set('after', after);
  params.set('wait', String(wait));
  if (kinds && kinds.length > 0) params.set('events', kinds.join(','));
  return `?${params.toString()}`;
}

/**
 * Long-polls the gateway for the business's test-mode callbacks and posts each to the local URL,
 * in order, one at a time, until the signal stops it. The cursor survives a lost gateway: after a
 * restart of either side within the gateway's retention (an hour), nothing is skipped.
 */
export async function listen(client: GatewayClient, options: ListenOptions): Promise<void> {
  // The first call starts the stream "now" and names the business and its signing secret.
  const start = await client.get<ListenAnswer>(`/callback_listen${queryOf(undefined, 0, options.kinds)}`, {
    signal: options.signal,
  });
  options.onReady({ businessId: start.business_id, signingSecret: start.signing_secret });
  let cursor = start.next_cursor;
  let failures = 0;
  while (!options.signal.aborted) {
    let answer: ListenAnswer;
    try {
      answer = await client.get<ListenAnswer>(`/callback_listen${queryOf(cursor, POLL_WAIT_SECONDS, options.kinds)}`, {
        signal: options.signal,
      });
      failures = 0;
    } catch (error) {
      if (options.signal.aborted) return;
      // A refusal (key revoked, live key) will not go away by waiting: stop with it.
      if (error instanceof GatewayApiError && error.status < 500 && error.status !== 429) throw error;
      const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)];
      failures += 1;
      options.onGatewayTrouble(
        `${error instanceof GatewayUnreachableError || error instanceof Error ? error.message : String(error)}; ` +
          `trying again in ${delay / 1000} s`,
      );
      await sleep(delay, options.signal);
      continue;
    }
    for (const callback of answer.data) {
      const local = await forwardLocally(options.forwardTo, callback.headers, callback.body);
      options.onForwarded(callback, local);
    }
    cursor = answer.next_cursor;
  }
}
