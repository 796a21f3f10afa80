import { type EventStore, loadAggregate } from '@gateway/event-store';
import { virtualAccountDecider } from '../domain/virtual-account.decider';
import { VirtualAccountErrors } from '../domain/virtual-account.errors';
import { type VirtualAccountSnapshot, virtualAccountStream } from '../domain/virtual-account.events';

/** Ids are stream names: anything else (another business, the other mode, junk) is "not found". */
export const VA_ID_PATTERN = /^[0-9a-f]{24}$/;

export async function loadOwnedAccount(store: EventStore, vaId: string, businessId: string, mode: string): Promise<VirtualAccountSnapshot> {
  if (!VA_ID_PATTERN.test(vaId)) throw VirtualAccountErrors.notFound(vaId);
  const { state } = await loadAggregate(store, virtualAccountStream(vaId), virtualAccountDecider);
  if (!state.exists || state.snapshot.businessId !== businessId || state.snapshot.mode !== mode) throw VirtualAccountErrors.notFound(vaId);
  return state.snapshot;
}
