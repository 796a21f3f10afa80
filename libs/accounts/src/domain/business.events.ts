import type { DomainEvent } from '@gateway/domain';

export type BusinessRegistered = DomainEvent<
  'BusinessRegistered',
  { businessId: string; name: string; registeredAt: string }
>;

/** Test mode only: the business's virtual clock moved forward; due jobs of that business run at once. */
export type TestClockAdvanced = DomainEvent<
  'TestClockAdvanced',
  { businessId: string; advancedByMs: number; offsetMs: number; advancedAt: string }
>;

export type BusinessEvent = BusinessRegistered | TestClockAdvanced;

export const BUSINESS_EVENT_TYPES: readonly BusinessEvent['type'][] = ['BusinessRegistered', 'TestClockAdvanced'];

export const businessStream = (businessId: string) => `business-${businessId}`;
