import { isIsoDateTime } from './iso-date-time';

describe('isIsoDateTime', () => {
  it.each([
    '2026-11-01T00:00:00Z',
    '2026-11-01T07:00:00.123+07:00',
    '2026-11-01T07:00:00.123456789-05:30',
    '2024-02-29T23:59:59Z',
    '0001-01-01T00:00:00Z',
    '2026-11-20T23:59:59.999999+14:00',
    '9999-12-31T23:59:59.999Z',
  ])('takes %j', (text) => {
    expect(isIsoDateTime(text)).toBe(true);
  });

  it.each([
    '-1',
    '1.5',
    'Tue Mar 05',
    'Sun Nov 01 2026',
    '2026',
    '2026-11',
    '2026-W48',
    '2026-335',
    '20261101T100000Z',
    '2026-11-01T10:00:00',
    '2026-11-01',
    '2026-11-01T00:00Z',
    '2026-11-01 10:00:00Z',
    '2026-11-01T10Z',
    '2026-11-01T10:00:00+0700',
    '2026-02-29T00:00:00Z',
    '2026-02-30T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-11-01T24:00:00Z',
    '2026-11-01T10:60:00Z',
    '2026-11-01T10:00:60Z',
    '2026-11-01T10:00:00+25:00',
    '0000-01-01T00:00:00Z',
    '2026-11-01t10:00:00z',
    '-004714-01-01T00:00:00Z',
    '+275760-09-13T00:00:00Z',
    ' 2026-11-01',
    '2026-11-01T10:00:00Z\n',
  ])('refuses %j', (text) => {
    expect(isIsoDateTime(text)).toBe(false);
  });

  it('refuses what is not a string (a JSON number of milliseconds, a Date)', () => {
    expect(isIsoDateTime(1_793_491_200_000)).toBe(false);
    expect(isIsoDateTime(new Date())).toBe(false);
    expect(isIsoDateTime(undefined)).toBe(false);
  });
});
