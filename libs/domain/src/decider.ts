/** A domain event as the domain sees it: a stable past-tense type and its data. */
export interface DomainEvent<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
}

/**
 * An aggregate as a pure decider (design §4): no I/O, no clock, no randomness.
 * Time and ids arrive on the command.
 */
export interface Decider<TCommand, TState, TEvent extends DomainEvent> {
  readonly initialState: TState;
  /** Returns the events the command causes, or throws a DomainError with the spec's error code. */
  decide(command: TCommand, state: TState): TEvent[];
  evolve(state: TState, event: TEvent): TState;
}

export function foldEvents<TState, TEvent extends DomainEvent>(
  decider: Pick<Decider<unknown, TState, TEvent>, 'initialState' | 'evolve'>,
  events: Iterable<TEvent>,
): TState {
  let state = decider.initialState;
  for (const event of events) state = decider.evolve(state, event);
  return state;
}

/** Makes a switch over a union exhaustive: adding an event or state breaks the build until handled. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify(value)}`);
}
