import { type AppendResult, type CommandMetadata, DuplicateEventIdError, EVENT_STORE, type EventStore, toNewEvent, WrongExpectedRevisionError } from '@gateway/event-store';
import { Inject, Injectable } from '@nestjs/common';
import type { DisbursementCreated, DisbursementSnapshot } from '../domain/disbursement.events';
import { disbursementStream } from '../domain/disbursement.events';
import { deterministicUuid } from './deterministic-id';

/**
 * Creates the disbursement stream from its reservation. The reservation on the balance stream
 * is the commit point: the handler calls this right after it, and the balance process manager
 * calls it again for every reservation, so a crash in between never leaves money reserved
 * without its disbursement. `no_stream` plus a deterministic event id make it idempotent.
 */
@Injectable()
export class DisbursementMaterializer {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async materialize(snapshot: DisbursementSnapshot, metadata: CommandMetadata): Promise<AppendResult | undefined> {
    const created: DisbursementCreated = { type: 'DisbursementCreated', data: { ...snapshot, status: 'PENDING' } };
    try {
      return await this.store.append(
        disbursementStream(snapshot.disbursementId),
        [toNewEvent(created, metadata, () => deterministicUuid(`created:${snapshot.disbursementId}`))],
        'no_stream',
      );
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError || error instanceof DuplicateEventIdError) return undefined;
      throw error;
    }
  }
}
