/** What the local receiver answered to one forwarded callback. */
export interface LocalAnswer {
  status?: number;
  latencyMs: number;
  error?: string;
}

/** As long as the gateway gives a receiver (WEBHOOK_TIMEOUT_MS' default). */
const FORWARD_TIMEOUT_MS = 30_000;

/**
 * Posts one callback to the developer's own URL, as the gateway would post it: the same bytes,
 * the same headers. It runs on the developer's machine, so a loopback or private target is fine
 * here; redirects are not followed (a delivery never follows them either).
 */
export async function forwardLocally(url: string, headers: Record<string, string>, body: string): Promise<LocalAnswer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return { status: response.status, latencyMs: elapsed() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      error: cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error)),
      latencyMs: elapsed(),
    };
  }
}
