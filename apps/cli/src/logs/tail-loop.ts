import { GatewayApiError, type GatewayClient } from '../http/gateway-client';
import { sleep } from '../sleep-until-aborted';

export interface RequestLogLine {
  id: string;
  request_id: string;
  method: string;
  route: string;
  path: string;
  status: number;
  error_code: string | null;
  latency_ms: number;
  key_id: string;
  mode: string;
  created: string;
  [field: string]: unknown;
}

interface RequestLogPage {
  data: RequestLogLine[];
  has_more: boolean;
}

export interface TailFilters {
  status_class?: string;
  status?: string;
  method?: string;
  route?: string;
  error_code?: string;
  request_id?: string;
}

export interface TailOptions {
  filters: TailFilters;
  intervalMs: number;
  signal: AbortSignal;
  /** "Now" is known: every request from here on will be printed. */
  onReady(): void;
  onLine(line: RequestLogLine): void;
  onGatewayTrouble(message: string): void;
}

const PAGE = 100;

/**
 * Follows the request log: from the newest entry at start, every `intervalMs` asks for the
 * entries after the last one seen (oldest first, a page at a time until none is left) and hands
 * them on in order. Reading the log is not itself logged, so tailing never feeds itself.
 */
export async function tailRequestLog(client: GatewayClient, options: TailOptions): Promise<void> {
  const query = (extra: Record<string, string>) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...options.filters, ...extra }))
      if (value !== undefined) params.set(name, value);
    return `/request_logs?${params.toString()}`;
  };
  // Where "now" is: the newest entry of the whole log (filters only apply to what follows). An
  // empty log has none: everything that appears is new.
  const newest = await client.get<RequestLogPage>('/request_logs?limit=1', { signal: options.signal });
  let cursor: string | undefined = newest.data[0]?.id;
  options.onReady();
  while (!options.signal.aborted) {
    try {
      for (;;) {
        const page: RequestLogPage = await client.get<RequestLogPage>(
          query(cursor ? { ending_before: cursor, limit: String(PAGE) } : { limit: String(PAGE) }),
          {
            signal: options.signal,
          },
        );
        // Pages come newest first; lines go out oldest first.
        const lines = [...page.data].reverse();
        for (const line of lines) options.onLine(line);
        if (lines.length > 0) cursor = lines.at(-1)!.id;
        if (!page.has_more || lines.length === 0) break;
      }
    } catch (error) {
      if (options.signal.aborted) return;
      if (error instanceof GatewayApiError && error.status < 500 && error.status !== 429) throw error;
      options.onGatewayTrouble(error instanceof Error ? error.message : String(error));
    }
    await sleep(options.intervalMs, options.signal);
  }
}
