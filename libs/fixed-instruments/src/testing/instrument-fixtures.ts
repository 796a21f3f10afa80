import type { InstrumentLifecycle } from '../domain';

/** Spec fixtures: the lifecycle of a fixed instrument a merchant opened at `at`, ACTIVE until `expirationDate`. */
export function activeLifecycle(at: Date, expirationDate: string): InstrumentLifecycle<'ACTIVE'> {
  const stamp = at.toISOString();
  return { status: 'ACTIVE', expirationDate, origin: { kind: 'fixed' }, createdAt: stamp, updatedAt: stamp };
}
