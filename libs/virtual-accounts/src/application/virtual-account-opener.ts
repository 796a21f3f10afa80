import { DomainError } from '@gateway/domain';
import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Clock, IdGenerator, type Mode, type RequestContext, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { VirtualAccountErrors } from '../domain/virtual-account.errors';
import { type CreateVirtualAccount, virtualAccountDecider } from '../domain/virtual-account.decider';
import { type VirtualAccountOrigin, type VirtualAccountSnapshot, virtualAccountStream } from '../domain/virtual-account.events';
import { type NumberRange, rangeSize, requestedSuffix, suffixAt } from '../domain/va-number-range';
import { VIRTUAL_ACCOUNTS_PROJECTION } from '../read-models/virtual-accounts.projection';
import { BusinessVaTerms } from './business-va-terms';
import { virtualAccountId } from './va-identity';

export interface OpenVirtualAccount {
  businessId: string;
  mode: Mode;
  externalId: string;
  bankCode: string;
  name: string;
  virtualAccountNumber?: string;
  suggestedAmount?: number;
  isClosed: boolean;
  expectedAmount?: number;
  isSingleUse: boolean;
  expirationDate?: Date;
  origin: VirtualAccountOrigin;
}

/** Numbers tried before a random allocation gives up (the whole range when it is smaller). */
export const MAX_PROBES = 200;

/**
 * Opens an account on a number of the business's range: the requested one, or a free one found
 * by probing from a random offset. Each candidate is claimed by creating its stream with
 * `no_stream`; a taken number costs one read. Validation runs first, so a refused request
 * claims nothing. Used by fixed VA creation and by invoices (pool accounts).
 *
 * The offset comes from IdGenerator: inside a keyed request it is derived from the key, so a
 * re-execution after a crash probes the same numbers and meets the account it opened, instead of
 * opening a second one elsewhere in the range.
 */
@Injectable()
export class VirtualAccountOpener {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
    private readonly terms: BusinessVaTerms,
    private readonly ids: IdGenerator,
  ) {}

  async open(request: OpenVirtualAccount, context: RequestContext): Promise<VirtualAccountSnapshot> {
    const { businessId, mode } = request;
    const terms = await this.terms.of(businessId, mode);
    const now = await this.clock.now({ businessId, mode });
    const range = terms.rangeFor(request.bankCode);
    const command: CreateVirtualAccount = {
      type: 'CreateVirtualAccount',
      vaId: '',
      businessId,
      mode,
      externalId: request.externalId,
      bankCode: request.bankCode,
      enabledBankCodes: terms.enabled.map((bank) => bank.code),
      merchantCode: range?.merchantCode ?? '',
      suffix: '',
      name: request.name,
      suggestedAmount: request.suggestedAmount,
      isClosed: request.isClosed,
      expectedAmount: request.expectedAmount,
      isSingleUse: request.isSingleUse,
      expirationDate: request.expirationDate,
      // The simulated bank (test mode) confirms at once; live mode ships no bank connector.
      confirmedByBank: mode === 'test',
      origin: request.origin,
      now,
    };
    virtualAccountDecider.decide(command, virtualAccountDecider.initialState);
    const metadata = toCommandMetadata(context, now, { businessId, mode });
    const requested = request.virtualAccountNumber !== undefined;
    const start = requested ? undefined : offsetFrom(this.ids.uuid());
    for (const suffix of candidates(range!, request.virtualAccountNumber, start)) {
      const accountNumber = `${range!.merchantCode}${suffix}`;
      const vaId = virtualAccountId(businessId, mode, command.bankCode, accountNumber);
      try {
        const decision = await decideAndAppend(this.store, virtualAccountStream(vaId), virtualAccountDecider, { ...command, vaId, suffix }, metadata);
        if (decision.appended) await this.progress.waitFor(VIRTUAL_ACCOUNTS_PROJECTION, decision.appended.position, 10_000);
        if (!decision.state.exists) throw new Error('virtual account creation appended nothing');
        return decision.state.snapshot;
      } catch (error) {
        // Validation passed above: the only refusal left is "number taken"; try the next one.
        if (!requested && error instanceof DomainError && error.code === 'VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE') continue;
        throw error;
      }
    }
    throw VirtualAccountErrors.rangeExhausted(request.bankCode);
  }
}

/** A probing offset from 64 bits of a uuid (random, or derived from a request's key). */
export function offsetFrom(uuid: string): bigint {
  return BigInt(`0x${uuid.replace(/-/g, '').slice(0, 16)}`);
}

export function* candidates(range: NumberRange, requested: string | undefined, offset?: bigint): Generator<string> {
  if (requested !== undefined) {
    yield requestedSuffix(range, requested);
    return;
  }
  const size = rangeSize(range);
  const start = (offset ?? BigInt(`0x${randomBytes(8).toString('hex')}`)) % size;
  const probes = size < BigInt(MAX_PROBES) ? size : BigInt(MAX_PROBES);
  for (let i = 0n; i < probes; i += 1n) yield suffixAt(range, start + i);
}
