import type {
  ExpireInstrument,
  InstrumentLifecycle,
  InstrumentOrigin,
  InstrumentTerms,
  ReceiveInstrumentPayment,
} from '../domain';

/**
 * Spec fixtures: the snapshot of a fixed instrument a merchant opened at `at`, ACTIVE until `expirationDate`,
 * from the kind's own fields (the kernel adds the currency and the lifecycle).
 */
export function activeSnapshot<Snapshot extends InstrumentTerms & InstrumentLifecycle>(
  fields: Omit<Snapshot, 'currency' | keyof InstrumentLifecycle>,
  at: Date,
  expirationDate: string,
): Snapshot {
  const stamp = at.toISOString();
  const lifecycle = { status: 'ACTIVE', expirationDate, origin: { kind: 'fixed' }, createdAt: stamp, updatedAt: stamp };
  return { ...fields, currency: 'IDR', ...lifecycle } as Snapshot;
}

/** Spec fixtures: the lifecycle fields of an instrument that became INACTIVE at `at` (expired, or single use paid). */
export function inactiveSince(at: Date): Pick<InstrumentLifecycle<'INACTIVE'>, 'status' | 'updatedAt'> {
  return { status: 'INACTIVE', updatedAt: at.toISOString() };
}

type Opening = { type: 'CreateInstrument'; origin: InstrumentOrigin; now: Date };

/**
 * Spec fixtures: the merchant's opening of a fixed instrument at `now`, from the kind's own fields and
 * the instrument's id, some fields changed: `fixedOpening<CreateVirtualAccount>({ instrumentId, ... }, now)`.
 */
export function fixedOpening<Command extends Opening>(fields: Omit<Command, keyof Opening>, now: Date) {
  return (changes: Partial<Command> = {}) =>
    ({ type: 'CreateInstrument', origin: { kind: 'fixed' }, now, ...fields, ...changes }) as Command;
}

/** Spec fixtures: the event that opened an instrument, its snapshot `opened` with some fields changed. */
export function creation<const Type extends string, Snapshot>(type: Type, opened: Snapshot) {
  return (changes: Partial<Snapshot> = {}) => ({ type, data: { snapshot: { ...opened, ...changes } } });
}

/**
 * Spec fixtures: the commands on one instrument once opened. `pay(amount)` pays into it (record `r1`,
 * payment `p1`, by default at `paidAt`), `update(changes, now)` is the merchant's update (`Changes` is
 * the kind's own update type), `expire(now)` is the expiry job.
 */
export function instrumentCommands<Changes>(
  instrumentId: string,
  fee: Pick<ReceiveInstrumentPayment, 'fee' | 'feeTax'>,
  paidAt: Date,
) {
  return {
    pay: (amount: number, now = paidAt): ReceiveInstrumentPayment => ({
      type: 'ReceiveInstrumentPayment',
      instrumentId,
      id: 'r1',
      paymentId: 'p1',
      amount,
      ...fee,
      now,
    }),
    update: (changes: Changes, now: Date) => ({ type: 'UpdateInstrument' as const, instrumentId, changes, now }),
    expire: (now: Date): ExpireInstrument => ({ type: 'ExpireInstrument', instrumentId, now }),
  };
}

/** Spec fixtures: the decider's state of an instrument once expired: `expirationDate` its date, INACTIVE since `at`. */
export function expiredOn<Snapshot>(snapshot: Snapshot, expirationDate: Date, at: Date) {
  return {
    exists: true as const,
    snapshot: { ...snapshot, expirationDate: expirationDate.toISOString(), ...inactiveSince(at) },
  };
}
