import { currentWindowAllowance, nextCapacityAt, secondsUntilWindowEnds, windowAt } from './sliding-window';

const MINUTE = 60_000;

describe('sliding window counter', () => {
  it('places a moment in its fixed window, with the fading weight of the previous one', () => {
    expect(windowAt(5 * MINUTE, MINUTE)).toEqual({ start: 5 * MINUTE, end: 6 * MINUTE, previousWeight: 1 });
    expect(windowAt(5 * MINUTE + 15_000, MINUTE)).toEqual({ start: 5 * MINUTE, end: 6 * MINUTE, previousWeight: 0.75 });
  });

  it('allows the limit minus the part of the previous window still inside the sliding window', () => {
    expect(currentWindowAllowance(100, 0, 1)).toBe(100);
    expect(currentWindowAllowance(100, 100, 1)).toBe(0);
    expect(currentWindowAllowance(100, 100, 0.25)).toBe(75);
    expect(currentWindowAllowance(100, 80, 0.5)).toBe(60);
    expect(currentWindowAllowance(100, 400, 0.5)).toBe(0);
  });

  it('reports whole seconds left in the window, rounded up', () => {
    expect(secondsUntilWindowEnds(5 * MINUTE, MINUTE)).toBe(60);
    expect(secondsUntilWindowEnds(5 * MINUTE + 59_001, MINUTE)).toBe(1);
    expect(secondsUntilWindowEnds(5 * MINUTE + 500, 2000)).toBe(2);
  });

  describe('next capacity', () => {
    const start = 10 * MINUTE;

    it('waits for the previous window to fade when the current one still has room', () => {
      // 100 previous, 50 current, limit 100: one more fits once 100 * weight <= 49, i.e. 51 % into the window.
      const at = nextCapacityAt(100, 100, 50, start + 1000, MINUTE);
      expect(at).toBeGreaterThanOrEqual(start + 0.51 * MINUTE);
      expect(at).toBeLessThan(start + 0.51 * MINUTE + 5);
      const { previousWeight } = windowAt(at, MINUTE);
      expect(currentWindowAllowance(100, 100, previousWeight)).toBeGreaterThanOrEqual(51);
    });

    it('waits into the next window when the current one alone is full', () => {
      const at = nextCapacityAt(100, 0, 100, start + 1000, MINUTE);
      expect(at).toBeGreaterThan(start + MINUTE);
      const { previousWeight } = windowAt(at, MINUTE);
      expect(currentWindowAllowance(100, 100, previousWeight)).toBeGreaterThanOrEqual(1);
      expect(currentWindowAllowance(100, 100, windowAt(at - 10, MINUTE).previousWeight)).toBe(0);
    });
  });
});
