import { foldEvents } from '@gateway/domain';
import { type CommandMetadata, CommandPipeline, originOf } from '@gateway/event-store';
import { Injectable } from '@nestjs/common';
import { cardChargeDecider, type CardChargeState } from '../domain/card-charge.decider';
import { cardChargeStream } from '../domain/card-charge.events';
import type { CreateChargeCommand } from '../domain/charge-of-token-use';
import { chargeCreationEventIds } from './charge-event-ids';

export type ExistingCharge = Exclude<CardChargeState, { status: 'none' }>;

/**
 * Creates a charge's stream from its creation command (`createChargeOf` a token's use, or the
 * request's own for a saved card charged without 3DS). The request's handler calls it right
 * after the token's use, and the token-use follower calls it for every use that carries an
 * order, so a crash between the use and the charge is repaired. `no_stream` and event ids derived
 * from the charge id make it idempotent: the charge is created once, by whichever comes first.
 */
@Injectable()
export class ChargeMaterializer {
  constructor(private readonly pipeline: CommandPipeline) {}

  /**
   * Creates the charge unless it exists; true when this call created it. For the follower: a lost race costs it no
   * read.
   */
  async create(command: CreateChargeCommand, metadata: CommandMetadata): Promise<boolean> {
    return (await this.append(command, metadata)) !== undefined;
  }

  /**
   * The charge as the log has it, whoever created it (this call, the follower, or an earlier execution of the same
   * request).
   */
  async materialize(command: CreateChargeCommand, metadata: CommandMetadata): Promise<ExistingCharge> {
    const created = await this.append(command, metadata);
    const stream = cardChargeStream(command.snapshot.chargeId);
    const state = created ?? (await this.pipeline.load(stream, cardChargeDecider)).state;
    if (state.status === 'none') throw new Error(`Charge ${command.snapshot.chargeId} was neither created nor found`);
    return state;
  }

  /** The state this call created, or undefined when the charge existed already. */
  private async append(command: CreateChargeCommand, metadata: CommandMetadata): Promise<CardChargeState | undefined> {
    // Decided on the empty stream: a creation depends on nothing but its command.
    const events = cardChargeDecider.decide(command, cardChargeDecider.initialState);
    const created = await this.pipeline.create({
      ...originOf(metadata),
      stream: cardChargeStream(command.snapshot.chargeId),
      events,
      eventIds: chargeCreationEventIds(command.snapshot.chargeId),
      ifExists: 'skip',
      // No wait: GET /credit_card_charges/{id} replays the stream while the row is not projected.
      readYourWrites: 'none',
    });
    return created && foldEvents(cardChargeDecider, events);
  }
}
