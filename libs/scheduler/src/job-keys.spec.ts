import { jobKeys } from './job-keys';

describe('jobKeys', () => {
  it('builds `<name>:<parts>` keys and exposes the prefix SQL matches on', () => {
    const cycles = jobKeys<[recurringId: string, cycle: number]>('recurring-cycle');
    expect(cycles.of('rp_1', 3)).toBe('recurring-cycle:rp_1:3');
    expect(cycles.prefix).toBe('recurring-cycle:');
    expect(cycles.of('rp_1', 3).startsWith(cycles.prefix)).toBe(true);
  });

  it('refuses a name that a colon or spaces would make ambiguous', () => {
    expect(() => jobKeys('ledger:settle')).toThrow('must be lowercase');
  });
});
