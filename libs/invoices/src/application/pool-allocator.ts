import { type Claim, ClaimTakenError, CommandPipeline } from '@gateway/event-store';
import { AppConfig } from '@gateway/config';
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { invoiceIdOfStream } from '../domain/invoice.events';
import { type PoolKind, poolNumberKey } from '../domain/pool-number.events';

/** Tries a full scan of small pools, and this many random probes of large ones, before giving up. */
const MAX_PROBES = 64;
/** Digits after the prefix: the pool holds at most 999,999 numbers. */
export const POOL_SUFFIX_DIGITS = 6;

/** One pool an invoice takes a number of. */
export interface PoolRequest {
  kind: PoolKind;
  /** `<businessId>.<mode>.<bank>` for VA numbers, `<mode>.<outlet>` for retail codes. */
  scope: string;
  prefix: string;
}

/** Every probed number of `requests[index]` is held by another invoice. */
export class PoolExhaustedError extends Error {
  constructor(readonly index: number) {
    super(`pool ${index} has no free number among its probes`);
    this.name = 'PoolExhaustedError';
  }
}

/**
 * Takes a free number of each pool an invoice offers, claimed in the invoice's own append
 * (AppendOptions.claims): the store decides in one transaction that every number is free, or held
 * by an invoice whose expiry passed on the claimant's clock, and appends the invoice; a number
 * another invoice holds fails the append (ClaimTakenError) and that pool's next probe is tried.
 * Two invoices created at the same moment can never share a number, and no reservation stream or
 * event is written per number (docs/decisions.md, "POOL numbers claimed with the invoice's append").
 *
 * The probe order is drawn from the invoice id: spread like random numbers (invoices do not
 * collide on the same sequence), but the same for the same invoice, so a keyed invoice creation
 * executed again after a crash (same invoice id) probes the numbers it claimed before.
 */
@Injectable()
export class PoolAllocator {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly config: AppConfig,
  ) {}

  /**
   * Runs `append` with a number of each pool (in `requests` order) and the claims that take them,
   * until it does not fail on a held number; PoolExhaustedError when a pool runs out of probes.
   */
  async appendClaiming<T>(
    invoiceId: string,
    requests: PoolRequest[],
    held: { until: Date; at: Date },
    append: (numbers: string[], claims: Claim[]) => Promise<T>,
  ): Promise<T> {
    const probes = requests.map((request) => this.probeOrder(`${request.kind}:${request.scope}:${invoiceId}`));
    const numbers = requests.map((request, index) => nextNumber(request, probes[index], index));
    for (;;) {
      const keys = requests.map((request, index) => poolNumberKey(request.kind, request.scope, numbers[index]));
      try {
        return await append(
          numbers,
          keys.map((key) => ({ key, ...held })),
        );
      } catch (error) {
        const taken = error instanceof ClaimTakenError ? keys.indexOf(error.key) : -1;
        if (taken === -1) throw error;
        numbers[taken] = nextNumber(requests[taken], probes[taken], taken);
      }
    }
  }

  /** The invoice that holds `number` at `now`, if any. */
  async holder(kind: PoolKind, scope: string, number: string, now: Date): Promise<string | undefined> {
    const holder = await this.pipeline.claimHolder(poolNumberKey(kind, scope, number));
    if (!holder || holder.until.getTime() <= now.getTime()) return undefined;
    return invoiceIdOfStream(holder.stream);
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

/** The pool's next probed number, or PoolExhaustedError. */
function nextNumber(request: PoolRequest, probes: Generator<number>, index: number): string {
  const next = probes.next();
  if (next.done) throw new PoolExhaustedError(index);
  return `${request.prefix}${String(next.value).padStart(POOL_SUFFIX_DIGITS, '0')}`;
}

/** The i-th number in [0, size) drawn from `seed` (48 bits of a hash: no visible bias below a million). */
function draw(seed: string, i: number, size: number): number {
  const hex = createHash('sha256').update(`${seed}\u0000${i}`).digest('hex');
  return Number(BigInt(`0x${hex.slice(0, 12)}`) % BigInt(size));
}
