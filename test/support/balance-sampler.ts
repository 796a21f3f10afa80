import { call } from './test-business';

export interface BalanceSample {
  /** Milliseconds since the sampler started, when the answer arrived. */
  at: number;
  /** Which base URL answered (several api instances may serve one database). */
  baseUrl: string;
  status: number;
  /** The answered balance, or undefined when the answer was not a balance. */
  balance?: number;
  error?: string;
}

export interface BalanceSampler {
  readonly samples: BalanceSample[];
  /** Stops after the request in hand and returns every sample. */
  stop(): Promise<BalanceSample[]>;
}

/**
 * Reads `GET /balance?account_type=<type>` every `minGapMs`..`maxGapMs` (random gap, so the reads
 * do not fall into step with the load), alternating between the given base URLs, until stopped:
 * a black-box witness of a balance at many moments. A read starts on time even when the one
 * before has not answered yet (a loaded gateway answers slower than the gap), up to `maxInFlight`
 * reads at once, so the sampling rate does not fall with the load it watches.
 */
export function sampleBalance(
  baseUrls: string[],
  secretKey: string,
  options: {
    accountType?: 'CASH' | 'HOLDING' | 'TAX';
    minGapMs?: number;
    maxGapMs?: number;
    maxInFlight?: number;
  } = {},
): BalanceSampler {
  const { accountType = 'CASH', minGapMs = 20, maxGapMs = 50, maxInFlight = 4 } = options;
  const samples: BalanceSample[] = [];
  const started = Date.now();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  const read = async (baseUrl: string): Promise<void> => {
    try {
      const response = await call(baseUrl, secretKey, 'GET', `/balance?account_type=${accountType}`);
      const balance =
        response.status === 200 && typeof response.body?.balance === 'number'
          ? (response.body.balance as number)
          : undefined;
      samples.push({ at: Date.now() - started, baseUrl, status: response.status, balance });
    } catch (error) {
      samples.push({ at: Date.now() - started, baseUrl, status: 0, error: String(error) });
    }
  };
  const loop = (async () => {
    for (let i = 0; !stopped; i += 1) {
      if (inFlight.size < maxInFlight) {
        const reading = read(baseUrls[i % baseUrls.length]).finally(() => inFlight.delete(reading));
        inFlight.add(reading);
      }
      await new Promise((resolve) => setTimeout(resolve, minGapMs + Math.random() * (maxGapMs - minGapMs)));
    }
    await Promise.all(inFlight);
  })();
  return {
    samples,
    stop: async () => {
      stopped = true;
      await loop;
      return samples.sort((a, b) => a.at - b.at);
    },
  };
}
