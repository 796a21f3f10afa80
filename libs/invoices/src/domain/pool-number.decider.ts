import { assertNever, type Decider } from '@gateway/domain';
import { InvoiceErrors } from './invoice.errors';
import type { PoolNumberEvent } from './pool-number.events';

export interface ReservePoolNumber {
  type: 'ReservePoolNumber';
  number: string;
  invoiceId: string;
  reservedUntil: Date;
  now: Date;
}

export type PoolNumberState = { status: 'free' } | { status: 'reserved'; invoiceId: string; reservedUntil: string };

/**
 * A number is the invoice's until the invoice's expiry date; after that it is free again
 * (released lazily, when the next invoice takes it: no timer is needed to free a number).
 */
export const poolNumberDecider: Decider<ReservePoolNumber, PoolNumberState, PoolNumberEvent> = {
  initialState: { status: 'free' },

  decide(command, state) {
    const at = command.now.toISOString();
    const reserved: PoolNumberEvent = {
      type: 'PoolNumberReserved',
      data: {
        number: command.number,
        invoiceId: command.invoiceId,
        reservedUntil: command.reservedUntil.toISOString(),
        reservedAt: at,
      },
    };
    if (state.status === 'free') return [reserved];
    if (new Date(state.reservedUntil).getTime() > command.now.getTime())
      throw InvoiceErrors.numberTaken(command.number);
    return [
      { type: 'PoolNumberReleased', data: { number: command.number, invoiceId: state.invoiceId, releasedAt: at } },
      reserved,
    ];
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PoolNumberReserved':
        return { status: 'reserved', invoiceId: event.data.invoiceId, reservedUntil: event.data.reservedUntil };
      case 'PoolNumberReleased':
        return { status: 'free' };
      default:
        return assertNever(event, 'pool number event');
    }
  },
};

/** Which invoice a payment to this number is for, at `now` (none once the reservation ran out). */
export function holderAt(state: PoolNumberState, now: Date): string | undefined {
  if (state.status !== 'reserved') return undefined;
  return new Date(state.reservedUntil).getTime() > now.getTime() ? state.invoiceId : undefined;
}
