import { types } from 'pg';
import { parseTimestamptz } from './fast-timestamptz';

const reference = types.getTypeParser(1184, 'text') as (value: string) => unknown;

describe('parseTimestamptz', () => {
  it.each([
    '2026-11-22 00:32:04.251234+00',
    '2026-11-22 00:32:04+00',
    '2026-11-22 00:32:04.2+00',
    '2026-03-29 02:30:00.999999+02',
    '2024-02-29 23:59:59.5-03:30',
    '2024-12-31 23:59:59.123+05:30',
    '1999-01-01 00:00:00+13:45',
    '0099-06-01 12:00:00+00',
    'infinity',
    '-infinity',
    '2020-01-01 00:00:00+00 BC',
  ])('matches pg for %s', (value) => {
    const ours = parseTimestamptz(value);
    const theirs = reference(value);
    if (theirs instanceof Date) expect((ours as Date).getTime()).toBe(theirs.getTime());
    else expect(ours).toEqual(theirs);
  });

  it('matches pg on many generated values across offsets', () => {
    const pad = (n: number, w = 2) => String(n).padStart(w, '0');
    for (let i = 0; i < 5000; i++) {
      const t = new Date(Date.UTC(1970 + (i % 100), i % 12, (i % 28) + 1, i % 24, (i * 7) % 60, (i * 13) % 60, (i * 37) % 1000));
      const offset = ((i % 27) - 13) * 60 + (i % 4 === 0 ? 30 : 0);
      const local = new Date(t.getTime() + offset * 60_000);
      const sign = offset >= 0 ? '+' : '-';
      const abs = Math.abs(offset);
      const text = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}.${pad(local.getUTCMilliseconds(), 3)}${i % 3}${sign}${pad(Math.floor(abs / 60))}${abs % 60 ? `:${pad(abs % 60)}` : ''}`;
      expect([text, (parseTimestamptz(text) as Date).getTime()]).toEqual([text, (reference(text) as Date).getTime()]);
    }
  });
});
