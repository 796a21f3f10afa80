import { assertNever, type Decider } from '@gateway/domain';
import { BusinessErrors } from './business.errors';
import type { BusinessEvent } from './business.events';

export type BusinessCommand =
  | { type: 'RegisterBusiness'; businessId: string; name: string; now: Date }
  | { type: 'AdvanceTestClock'; businessId: string; byMs: number; now: Date };

export type BusinessState =
  | { status: 'unregistered' }
  | { status: 'registered'; businessId: string; name: string; testClockOffsetMs: number };

/** The business aggregate: registration and the test-mode clock. Pure: time arrives on the command. */
export const businessDecider: Decider<BusinessCommand, BusinessState, BusinessEvent> = {
  initialState: { status: 'unregistered' },

  decide(command, state) {
    switch (command.type) {
      case 'RegisterBusiness': {
        if (state.status === 'registered') throw BusinessErrors.alreadyRegistered(command.businessId);
        const name = command.name.trim();
        if (name.length === 0 || name.length > 255) throw BusinessErrors.invalidName();
        return [
          {
            type: 'BusinessRegistered',
            data: { businessId: command.businessId, name, registeredAt: command.now.toISOString() },
          },
        ];
      }
      case 'AdvanceTestClock': {
        if (state.status !== 'registered') throw BusinessErrors.notFound(command.businessId);
        if (!Number.isSafeInteger(command.byMs) || command.byMs <= 0) throw BusinessErrors.invalidAdvance();
        return [
          {
            type: 'TestClockAdvanced',
            data: {
              businessId: state.businessId,
              advancedByMs: command.byMs,
              offsetMs: state.testClockOffsetMs + command.byMs,
              advancedAt: command.now.toISOString(),
            },
          },
        ];
      }
      default:
        return assertNever(command, 'business command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'BusinessRegistered':
        return { status: 'registered', businessId: event.data.businessId, name: event.data.name, testClockOffsetMs: 0 };
      case 'TestClockAdvanced':
        return state.status === 'registered' ? { ...state, testClockOffsetMs: event.data.offsetMs } : state;
      default:
        return assertNever(event, 'business event');
    }
  },
};
