import {
  LEGACY_RETRY_OFFSETS_MS,
  nextStepAfter,
  parseRetryAfter,
  STANDARD_RETRY_OFFSETS_MS,
  type AttemptContext,
} from './retry-policy';

const first = new Date('2026-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(first.getTime() + ms);
const context = (over: Partial<AttemptContext> = {}): AttemptContext => ({
  schedule: 'standard',
  attemptNumber: 1,
  firstAttemptAt: first,
  attemptedAt: first,
  manual: false,
  configuredEndpoint: true,
  ...over,
});

describe('callback retry policy', () => {
  it('treats every 2xx as delivered and nothing else', () => {
    for (const status of [200, 201, 204, 299])
      expect(nextStepAfter({ statusCode: status }, context()).status).toBe('succeeded');
    for (const status of [100, 301, 302, 400, 404, 500, 503, undefined])
      expect(nextStepAfter({ statusCode: status }, context()).status).toBe('pending');
  });

  it('retries 15 min, 1 h, 3 h, 6 h, 12 h and 24 h after the FIRST attempt, then gives up', () => {
    const expected = ['00:15', '01:00', '03:00', '06:00', '12:00', '24:00'];
    expect(STANDARD_RETRY_OFFSETS_MS).toHaveLength(6);
    STANDARD_RETRY_OFFSETS_MS.forEach((_, i) => {
      const attemptNumber = i + 1;
      const attemptedAt = attemptNumber === 1 ? first : at(STANDARD_RETRY_OFFSETS_MS[i - 1] + 1234);
      const step = nextStepAfter({ statusCode: 500 }, context({ attemptNumber, attemptedAt }));
      if (step.status !== 'pending') throw new Error(`attempt ${attemptNumber}: ${step.status}`);
      const hours = (step.nextAttemptAt.getTime() - first.getTime()) / 3_600_000;
      expect(
        `${String(Math.floor(hours)).padStart(2, '0')}:${String(Math.round((hours % 1) * 60)).padStart(2, '0')}`,
      ).toBe(expected[i]);
    });
    expect(nextStepAfter({ statusCode: 500 }, context({ attemptNumber: 7 }))).toEqual({
      status: 'failed',
      reason: 'exhausted',
      disableEndpoint: false,
      raiseAlert: false,
    });
  });

  it('gives the legacy VA and payment-code callbacks three attempts 30 s apart, then raises an alert', () => {
    expect(LEGACY_RETRY_OFFSETS_MS).toEqual([30_000, 60_000]);
    expect(nextStepAfter({}, context({ schedule: 'legacy', attemptNumber: 1 }))).toEqual({
      status: 'pending',
      nextAttemptAt: at(30_000),
    });
    expect(nextStepAfter({}, context({ schedule: 'legacy', attemptNumber: 2, attemptedAt: at(30_000) }))).toEqual({
      status: 'pending',
      nextAttemptAt: at(60_000),
    });
    expect(nextStepAfter({}, context({ schedule: 'legacy', attemptNumber: 3 }))).toMatchObject({
      status: 'failed',
      raiseAlert: true,
    });
  });

  it('disables a configured endpoint on 410 Gone, but not a per-request URL', () => {
    expect(nextStepAfter({ statusCode: 410 }, context())).toMatchObject({
      status: 'failed',
      reason: 'gone',
      disableEndpoint: true,
    });
    expect(nextStepAfter({ statusCode: 410 }, context({ configuredEndpoint: false }))).toMatchObject({
      disableEndpoint: false,
    });
  });

  it('honours Retry-After only when it asks for a later time than the schedule', () => {
    const later = nextStepAfter({ statusCode: 503, retryAfterMs: 2 * 3_600_000 }, context());
    expect(later).toEqual({ status: 'pending', nextAttemptAt: at(2 * 3_600_000) });
    const sooner = nextStepAfter({ statusCode: 429, retryAfterMs: 5_000 }, context());
    expect(sooner).toEqual({ status: 'pending', nextAttemptAt: at(15 * 60_000) });
  });

  it('gives a manual resend one attempt and no new schedule; a refused target fails at once', () => {
    expect(nextStepAfter({ statusCode: 500 }, context({ manual: true, attemptNumber: 8 }))).toMatchObject({
      status: 'failed',
      reason: 'exhausted',
    });
    expect(nextStepAfter({ statusCode: 200 }, context({ manual: true, attemptNumber: 8 }))).toEqual({
      status: 'succeeded',
    });
    expect(nextStepAfter({ refused: true }, context())).toMatchObject({ status: 'failed', reason: 'refused' });
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:10:00 GMT', now)).toBe(600_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
