import { nextExecutionTime } from './operating-windows';

// Jakarta is UTC+7: 08:00 WIB = 01:00Z, 15:00 WIB = 08:00Z, 22:00 WIB = 15:00Z.
const at = (iso: string) => new Date(iso);

describe('operating windows (Asia/Jakarta)', () => {
  it('instant: inside 08:00–22:00 runs now, before waits for 08:00, after waits for tomorrow 08:00', () => {
    expect(nextExecutionTime(at('2026-11-23T05:00:00Z'), true)).toEqual(at('2026-11-23T05:00:00Z')); // 12:00 WIB
    expect(nextExecutionTime(at('2026-11-22T23:30:00Z'), true)).toEqual(at('2026-11-23T01:00:00Z')); // 06:30 WIB
    expect(nextExecutionTime(at('2026-11-23T15:00:00Z'), true)).toEqual(at('2026-11-24T01:00:00Z')); // 22:00 WIB
    expect(nextExecutionTime(at('2026-11-23T01:00:00Z'), true)).toEqual(at('2026-11-23T01:00:00Z')); // 08:00 WIB sharp
  });

  it('instant runs at weekends too', () => {
    expect(nextExecutionTime(at('2026-11-22T03:00:00Z'), true)).toEqual(at('2026-11-22T03:00:00Z')); // Sunday 10:00 WIB
  });

  it('T+1: weekdays 08:00–15:00; after 15:00 Friday or at the weekend waits for Monday 08:00', () => {
    // Monday 10:00 WIB
    expect(nextExecutionTime(at('2026-11-23T03:00:00Z'), false)).toEqual(at('2026-11-23T03:00:00Z'));
    // Monday 15:00 WIB
    expect(nextExecutionTime(at('2026-11-23T08:00:00Z'), false)).toEqual(at('2026-11-24T01:00:00Z'));
    // Friday 16:00 WIB
    expect(nextExecutionTime(at('2026-11-27T09:00:00Z'), false)).toEqual(at('2026-11-30T01:00:00Z'));
    expect(nextExecutionTime(at('2026-11-28T03:00:00Z'), false)).toEqual(at('2026-11-30T01:00:00Z')); // Saturday
    // Monday 03:00 WIB
    expect(nextExecutionTime(at('2026-11-29T20:00:00Z'), false)).toEqual(at('2026-11-30T01:00:00Z'));
  });
});
