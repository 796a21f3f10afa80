import { JsonLogger } from './json-logger';
import { runWithLogContext } from './log-context';

function capture(level: 'debug' | 'info' | 'warn' | 'error' | 'silent' = 'info') {
  const lines: string[] = [];
  const logger = new JsonLogger({ level, write: (line) => lines.push(line) });
  return { logger, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('JsonLogger', () => {
  it('writes one JSON object per line with time, level, context and message', () => {
    const { logger, parsed } = capture();
    logger.log('started', 'Gateway');
    expect(parsed()).toEqual([
      { time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: 'info', context: 'Gateway', message: 'started' },
    ]);
  });

  it('honours LOG_LEVEL', () => {
    const { logger, parsed } = capture('warn');
    logger.debug('no', 'X');
    logger.log('no', 'X');
    logger.warn('yes', 'X');
    logger.error('yes too', undefined, 'X');
    expect(parsed().map((line) => line.level)).toEqual(['warn', 'error']);
    const silent = capture('silent');
    silent.logger.fatal('nothing', 'X');
    expect(silent.lines).toEqual([]);
  });

  it("takes Nest's error(message, stack, context) and an Error as message", () => {
    const { logger, parsed } = capture();
    logger.error('failed', 'Error: failed\n    at x.ts:1', 'Runner');
    logger.error(new Error('card 4111111111111111 refused'), 'Runner');
    const [first, second] = parsed();
    expect(first).toMatchObject({
      level: 'error',
      context: 'Runner',
      message: 'failed',
      stack: expect.stringContaining('at x.ts:1'),
    });
    expect(second).toMatchObject({ message: 'card ************1111 refused', error: { name: 'Error' } });
  });

  it('adds structured fields without letting them overwrite the line keys, redacted', () => {
    const { logger, parsed } = capture();
    logger.entry('log', 'HttpAccess', 'GET / 200', {
      requestId: 'req_1',
      status: 200,
      level: 'fake',
      authorization: 'Basic abc',
    });
    expect(parsed()[0]).toEqual({
      time: expect.any(String),
      level: 'info',
      context: 'HttpAccess',
      requestId: 'req_1',
      message: 'GET / 200',
      status: 200,
      authorization: '[REDACTED]',
    });
  });

  it('adds the request id of the log context', () => {
    const { logger, parsed } = capture();
    runWithLogContext({ requestId: 'req_ctx' }, () => logger.log('inside', 'Handler'));
    expect(parsed()[0]).toMatchObject({ requestId: 'req_ctx', message: 'inside' });
  });

  it('applies the redaction rules to lines written through pino itself (child loggers too)', () => {
    const { logger, parsed } = capture();
    const direct = logger.pino.child({ context: 'Direct' });
    direct.info({ card_number: '4111111111111111', token: 'tok_1', note: 'cvn=123' }, 'card 4111111111111111');
    expect(parsed()[0]).toEqual({
      time: expect.any(String),
      level: 'info',
      context: 'Direct',
      token: '[REDACTED]',
      card_number: '[REDACTED]',
      note: 'cvn=[REDACTED]',
      message: 'card ************1111',
    });
  });

  it('writes bigint and cyclic fields without throwing', () => {
    const { logger, parsed } = capture();
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    logger.entry('log', 'X', 'odd', { amount: 12n, cyclic });
    expect(parsed()[0]).toMatchObject({ amount: '12', cyclic: { name: 'loop' } });
  });

  it("follows Nest's setLogLevels", () => {
    const { logger, parsed } = capture('info');
    logger.setLogLevels(['error', 'verbose']);
    logger.verbose('shown', 'X');
    logger.setLogLevels([]);
    logger.fatal('hidden', 'X');
    expect(parsed()).toEqual([expect.objectContaining({ level: 'trace', message: 'shown' })]);
  });

  it('writes a short human line in pretty mode', () => {
    const lines: string[] = [];
    new JsonLogger({ write: (line) => lines.push(line), pretty: true }).entry('warn', 'Edge', 'slow', {
      durationMs: 5,
    });
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN {2}\[Edge\] slow durationMs=5$/);
  });
});
