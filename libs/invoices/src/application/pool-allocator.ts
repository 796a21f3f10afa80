import { type CommandMetadata, CommandPipeline, originOf, WrongExpectedRevisionError } from '@gateway/event-store';
import { DomainError } from '@gateway/domain';
import { AppConfig } from '@gateway/config';
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { holderAt, poolNumberDecider } from '../domain/pool-number.decider';
import { type PoolKind, poolNumberStream } from '../domain/pool-number.events';

/** Tries a full scan of small pools, and this many random probes of large ones, before giving up. */
const MAX_PROBES = 64;
/** Digits after the prefix: the pool holds at most 999,999 numbers. */
export const POOL_SUFFIX_DIGITS = 6;

export interface PoolRequest {
  kind: PoolKind;
  /** Stream scope: `<businessId>.<mode>.<bank>` for VA numbers, `<mode>.<outlet>` for retail codes. */
  scope: string;
  prefix: string;
  invoiceId: string;
  reservedUntil: Date;
  now: Date;
  metadata: CommandMetadata;
}

/**
 * Reserves a free number of a pool: each number is its own reservation stream, so two
 * invoices created at the same moment can never get the same number (the second append
 * fails its expected revision and the allocator moves on to another number).
 *
 * The probe order is drawn from the invoice id: spread like random numbers (invoices do not
 * collide on the same sequence), but the same for the same invoice, so a keyed invoice creation
 * executed again after a crash (same invoice id) probes the numbers it reserved before and meets
 * its own reservations instead of taking more.
 */
@Injectable()
export class PoolAllocator {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly config: AppConfig,
  ) {}

  /** The reserved number, or undefined when every probed number is taken. */
  async reserve(request: PoolRequest): Promise<string | undefined> {
    const { invoiceId } = request;
    for (const index of this.probeOrder(`${request.kind}:${request.scope}:${invoiceId}`)) {
      const number = `${request.prefix}${String(index).padStart(POOL_SUFFIX_DIGITS, '0')}`;
      try {
        await this.pipeline.run({
          ...originOf(request.metadata),
          stream: poolNumberStream(request.kind, request.scope, number),
          decider: poolNumberDecider,
          command: {
            type: 'ReservePoolNumber',
            number,
            invoiceId,
            reservedUntil: request.reservedUntil,
            now: request.now,
          },
          // The invoice's creation, which follows, is what the answer waits for.
          readYourWrites: 'none',
          // A probe almost always meets a number never reserved: append without reading first;
          // a number that has a stream (held, expired, or ours on a re-execution) fails that
          // append, and the second attempt reads it and decides.
          newStream: true,
          maxAttempts: 2,
        });
        return number;
      } catch (error) {
        if (error instanceof DomainError && error.code === 'POOL_NUMBER_TAKEN') continue;
        // Lost a race for this number twice: another invoice has it, try the next.
        if (error instanceof WrongExpectedRevisionError) continue;
        throw error;
      }
    }
    return undefined;
  }

  /** The invoice that holds `number` at `now`, if any. */
  async holder(kind: PoolKind, scope: string, number: string, now: Date): Promise<string | undefined> {
    const { state } = await this.pipeline.load(poolNumberStream(kind, scope, number), poolNumberDecider);
    return holderAt(state, now);
  }

  private *probeOrder(seed: string): Generator<number> {
    const size = this.config.INVOICE_POOL_SIZE;
    const start = draw(seed, 0, size);
    if (size <= MAX_PROBES) {
      for (let i = 0; i < size; i += 1) yield ((start + i) % size) + 1;
      return;
    }
    for (let i = 0; i < MAX_PROBES; i += 1) yield draw(seed, i, size) + 1;
  }
}

/** The i-th number in [0, size) drawn from `seed` (48 bits of a hash: no visible bias below a million). */
function draw(seed: string, i: number, size: number): number {
  const hex = createHash('sha256').update(`${seed}\u0000${i}`).digest('hex');
  return Number(BigInt(`0x${hex.slice(0, 12)}`) % BigInt(size));
}
