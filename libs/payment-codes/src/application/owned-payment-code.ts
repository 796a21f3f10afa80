import { type EventStore, loadAggregate } from '@gateway/event-store';
import { paymentCodeDecider } from '../domain/payment-code.decider';
import { PaymentCodeErrors } from '../domain/payment-code.errors';
import { type PaymentCodeSnapshot, paymentCodeStream } from '../domain/payment-code.events';

export const FPC_ID_PATTERN = /^[0-9a-f]{24}$/;

/** Another business's or mode's code, or junk, is "not found". */
export async function loadOwnedPaymentCode(store: EventStore, fpcId: string, businessId: string, mode: string): Promise<PaymentCodeSnapshot> {
  if (!FPC_ID_PATTERN.test(fpcId)) throw PaymentCodeErrors.notFound(fpcId);
  const { state } = await loadAggregate(store, paymentCodeStream(fpcId), paymentCodeDecider);
  if (!state.exists || state.snapshot.businessId !== businessId || state.snapshot.mode !== mode) throw PaymentCodeErrors.notFound(fpcId);
  return state.snapshot;
}
