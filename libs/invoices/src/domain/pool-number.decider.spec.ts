import { deciderSpec } from '@gateway/testing';
import { holderAt, poolNumberDecider } from './pool-number.decider';
import type { PoolNumberEvent } from './pool-number.events';

const spec = deciderSpec(poolNumberDecider);
const t0 = new Date('2026-01-01T00:00:00Z');
const t1 = new Date('2026-01-02T00:00:00Z');
const t2 = new Date('2026-01-03T00:00:00Z');
const reservedA: PoolNumberEvent = {
  type: 'PoolNumberReserved',
  data: { number: '1', invoiceId: 'A', reservedUntil: t1.toISOString(), reservedAt: t0.toISOString() },
};

describe('pool number decider', () => {
  it('reserves a free number', () =>
    spec
      .given([])
      .when({ type: 'ReservePoolNumber', number: '1', invoiceId: 'A', reservedUntil: t1, now: t0 })
      .then([reservedA]));
  it('refuses a number reserved until later', () =>
    spec
      .given([reservedA])
      .when({ type: 'ReservePoolNumber', number: '1', invoiceId: 'B', reservedUntil: t2, now: t0 })
      .thenThrows('POOL_NUMBER_TAKEN'));
  it('releases and reassigns a number whose reservation ran out', () =>
    spec
      .given([reservedA])
      .when({ type: 'ReservePoolNumber', number: '1', invoiceId: 'B', reservedUntil: t2, now: t1 })
      .then([
        { type: 'PoolNumberReleased', data: { number: '1', invoiceId: 'A', releasedAt: t1.toISOString() } },
        {
          type: 'PoolNumberReserved',
          data: { number: '1', invoiceId: 'B', reservedUntil: t2.toISOString(), reservedAt: t1.toISOString() },
        },
      ]));
  it('knows the holder only until expiry', () => {
    const state = poolNumberDecider.evolve(poolNumberDecider.initialState, reservedA);
    expect(holderAt(state, t0)).toBe('A');
    expect(holderAt(state, t1)).toBeUndefined();
  });
});
