import { deciderSpec } from '@gateway/testing';
import { businessDecider } from './business.decider';
import type { BusinessRegistered, TestClockAdvanced } from './business.events';

const now = new Date('2026-11-22T10:00:00.000Z');
const later = new Date('2026-11-22T11:00:00.000Z');
const spec = deciderSpec(businessDecider);
const registered: BusinessRegistered = {
  type: 'BusinessRegistered',
  data: { businessId: 'biz_1', name: 'Warung Kopi', registeredAt: now.toISOString() },
};
const advanced = (by: number, offset: number): TestClockAdvanced => ({
  type: 'TestClockAdvanced',
  data: { businessId: 'biz_1', advancedByMs: by, offsetMs: offset, advancedAt: later.toISOString() },
});

describe('business decider', () => {
  it('registers a new business with a trimmed name', () => {
    spec.given([]).when({ type: 'RegisterBusiness', businessId: 'biz_1', name: '  Warung Kopi ', now }).then([registered]);
  });

  it('refuses to register the same business twice', () => {
    spec
      .given([registered])
      .when({ type: 'RegisterBusiness', businessId: 'biz_1', name: 'Again', now })
      .thenThrows('BUSINESS_ALREADY_REGISTERED_ERROR');
  });

  it.each(['', '   ', 'x'.repeat(256)])('refuses the name %j', (name) => {
    spec.given([]).when({ type: 'RegisterBusiness', businessId: 'biz_1', name, now }).thenThrows('API_VALIDATION_ERROR');
  });

  it('advances the test clock, accumulating the offset', () => {
    spec
      .given([registered, advanced(1000, 1000)])
      .when({ type: 'AdvanceTestClock', businessId: 'biz_1', byMs: 500, now: later })
      .then([advanced(500, 1500)]);
    spec
      .given([registered, advanced(1000, 1000)])
      .when({ type: 'AdvanceTestClock', businessId: 'biz_1', byMs: 500, now: later })
      .thenState({ status: 'registered', businessId: 'biz_1', name: 'Warung Kopi', testClockOffsetMs: 1500 });
  });

  it.each([0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2])('refuses to advance by %p', (byMs) => {
    spec.given([registered]).when({ type: 'AdvanceTestClock', businessId: 'biz_1', byMs, now: later }).thenThrows('API_VALIDATION_ERROR');
  });

  it('refuses to advance the clock of an unknown business', () => {
    spec.given([]).when({ type: 'AdvanceTestClock', businessId: 'biz_1', byMs: 1, now: later }).thenThrows('BUSINESS_NOT_FOUND_ERROR');
  });
});
