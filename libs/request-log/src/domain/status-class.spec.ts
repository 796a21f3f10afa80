import { STATUS_CLASSES, statusRangeOf } from './status-class';

describe('status classes', () => {
  it('cover a hundred statuses each', () => {
    expect(STATUS_CLASSES.map(statusRangeOf)).toEqual([
      { min: 200, max: 299 },
      { min: 300, max: 399 },
      { min: 400, max: 499 },
      { min: 500, max: 599 },
    ]);
  });
});
