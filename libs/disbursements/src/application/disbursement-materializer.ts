import {
  type CommandMetadata,
  CommandPipeline,
  EVENT_STORE,
  type EventStore,
  type GlobalPosition,
  originOf,
} from '@gateway/event-store';
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
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly pipeline: CommandPipeline,
  ) {}

  /**
   * Creates the stream unless it exists; the position of the creation when this call appended
   * it. For the process manager, which needs no position: a lost race costs it no read.
   */
  async create(snapshot: DisbursementSnapshot, metadata: CommandMetadata): Promise<GlobalPosition | undefined> {
    const created: DisbursementCreated = { type: 'DisbursementCreated', data: { ...snapshot, status: 'PENDING' } };
    const appended = await this.pipeline.create({
      ...originOf(metadata),
      stream: disbursementStream(snapshot.disbursementId),
      events: [created],
      eventIds: () => deterministicUuid(`created:${snapshot.disbursementId}`),
      ifExists: 'skip',
      // The request's handler waits for the read models itself, whoever created the stream.
      readYourWrites: 'none',
    });
    return appended?.appended.position;
  }

  /**
   * Where the disbursement's creation is in the log, whoever appended it, and the disbursement as
   * created: the handler answering the request waits for the read models to pass it. When the
   * process manager was first (it follows the reservation too), that is its event, not nothing;
   * when the request is a re-execution of one that already made this disbursement, it is the
   * first execution's (same id, its own creation time).
   */
  async materialize(
    snapshot: DisbursementSnapshot,
    metadata: CommandMetadata,
  ): Promise<{ position: GlobalPosition; snapshot: DisbursementSnapshot }> {
    const appended = await this.create(snapshot, metadata);
    if (appended) return { position: appended, snapshot };
    const found = await this.existing(snapshot.disbursementId);
    if (!found) throw new Error(`Disbursement ${snapshot.disbursementId} was neither created nor found`);
    return found;
  }

  /** The disbursement as created and where, or undefined when its stream does not exist (yet). */
  async existing(
    disbursementId: string,
  ): Promise<{ position: GlobalPosition; snapshot: DisbursementSnapshot } | undefined> {
    const [first] = await this.store.readStream(disbursementStream(disbursementId), { maxCount: 1 });
    if (!first) return undefined;
    const { status: _pending, ...created } = first.data as DisbursementCreated['data'];
    return { position: first.position, snapshot: created };
  }
}
