import type { InstrumentLifecycle, ReceiveInstrumentPayment } from '../domain';

/** Spec fixtures: the lifecycle of a fixed instrument a merchant opened at `at`, ACTIVE until `expirationDate`. */
export function activeLifecycle(at: Date, expirationDate: string): InstrumentLifecycle<'ACTIVE'> {
  const stamp = at.toISOString();
  return { status: 'ACTIVE', expirationDate, origin: { kind: 'fixed' }, createdAt: stamp, updatedAt: stamp };
}

/** Spec fixtures: the lifecycle fields of an instrument that became INACTIVE at `at` (expired, or single use paid). */
export function inactiveSince(at: Date): Pick<InstrumentLifecycle<'INACTIVE'>, 'status' | 'updatedAt'> {
  return { status: 'INACTIVE', updatedAt: at.toISOString() };
}

/** Spec fixtures: the event that opened an instrument, its snapshot `opened` with some fields changed. */
export function creation<const Type extends string, Snapshot>(type: Type, opened: Snapshot) {
  return (changes: Partial<Snapshot> = {}) => ({ type, data: { snapshot: { ...opened, ...changes } } });
}

/** Spec fixtures: a payment of `amount` into the instrument (record `r1`, payment `p1`), by default at `paidAt`. */
export function instrumentPayment(
  instrumentId: string,
  fee: Pick<ReceiveInstrumentPayment, 'fee' | 'feeTax'>,
  paidAt: Date,
) {
  return (amount: number, now = paidAt): ReceiveInstrumentPayment => ({
    type: 'ReceiveInstrumentPayment',
    instrumentId,
    id: 'r1',
    paymentId: 'p1',
    amount,
    ...fee,
    now,
  });
}

/** Spec fixtures: the decider's state of an instrument once expired: `expirationDate` its date, INACTIVE since `at`. */
export function expiredOn<Snapshot>(snapshot: Snapshot, expirationDate: Date, at: Date) {
  return {
    exists: true as const,
    snapshot: { ...snapshot, expirationDate: expirationDate.toISOString(), ...inactiveSince(at) },
  };
}
