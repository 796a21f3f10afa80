import { type Decider, type DomainEvent, DomainError, foldEvents } from '@gateway/domain';

/**
 * Given/when/then for pure deciders:
 *   spec.given([registered]).when(advance).then([advanced]);
 *   spec.given([]).when(advance).thenThrows('BUSINESS_NOT_FOUND_ERROR');
 */
export function deciderSpec<TCommand, TState, TEvent extends DomainEvent>(decider: Decider<TCommand, TState, TEvent>) {
  return {
    given(history: TEvent[]) {
      return {
        when(command: TCommand) {
          const run = () => decider.decide(command, foldEvents(decider, history));
          return {
            then(expected: TEvent[]): void {
              expect(run()).toEqual(expected);
            },
            thenThrows(code: string): void {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeInstanceOf(DomainError);
              expect((thrown as DomainError).code).toBe(code);
            },
            /** The state after the history and the produced events. */
            thenState(expected: TState): void {
              expect(foldEvents(decider, [...history, ...run()])).toEqual(expected);
            },
          };
        },
      };
    },
  };
}
