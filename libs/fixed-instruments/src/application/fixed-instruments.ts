import { type BusinessSettings, GetSettingsQuery } from '@gateway/accounts';
import { DomainError } from '@gateway/domain';
import { CommandPipeline } from '@gateway/event-store';
import { feeFor, feeRuleFor, LEDGER_PROJECTION } from '@gateway/ledger';
import { type Mode } from '@gateway/clock';
import { IdGenerator, type RequestContext } from '@gateway/runtime';
import { type DueJob } from '@gateway/scheduler';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type {
  CreateInstrument,
  InstrumentEventNames,
  InstrumentTypes,
  ReceiveInstrumentPayment,
  SnapshotOf,
  UpdateInstrument,
} from '../domain';
import { type GenericDeciderRun, runOnGenericDecider } from './generic-decider-run';
import { hexId } from './instrument-identity';
import { INSTRUMENT_ID_PATTERN, type InstrumentKind } from './instrument-kind';
import type {
  ClaimLookup,
  InstrumentOpening,
  OpenedInstrument,
  PaidInstrument,
  PaymentDelegate,
  RoutedPayment,
  SimulatedPayment,
  UpdateRequest,
} from './instrument-requests';

/**
 * The application side of the kernel: opening on a free number, updating, expiring and paying an
 * instrument of any kind, each through the command pipeline (clock, metadata, decide, append
 * with retry, read-your-writes). The contexts' handlers are a line each on top of these.
 */
@Injectable()
export class FixedInstruments {
  /** The pipeline's run, typed for deciders that are generic over the kind (see `runOnGenericDecider`). */
  private readonly run: GenericDeciderRun;

  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly ids: IdGenerator,
    private readonly queries: QueryBus,
  ) {
    this.run = runOnGenericDecider(pipeline);
  }

  /** The business's settings (accounts context): ranges, prefixes, enabled channels, fees. */
  async settings(businessId: string, mode: Mode): Promise<BusinessSettings> {
    const view = await this.queries.execute(new GetSettingsQuery(businessId, mode));
    return view?.settings ?? {};
  }

  /** The instrument, if it is one of this business and mode (read from its stream: always current). */
  async findOwned<T extends InstrumentTypes, N extends InstrumentEventNames>(
    kind: InstrumentKind<T, N>,
    instrumentId: string,
    businessId: string,
    mode: Mode,
  ): Promise<SnapshotOf<T> | undefined> {
    if (!INSTRUMENT_ID_PATTERN.test(instrumentId)) return undefined;
    const { state } = await this.pipeline.load(kind.streamOf(instrumentId), kind.decider);
    const owned = state.exists && state.snapshot.businessId === businessId && state.snapshot.mode === mode;
    return owned ? state.snapshot : undefined;
  }

  /** As findOwned; another business's or mode's instrument, or junk, is the kind's "not found". */
  async loadOwned<T extends InstrumentTypes, N extends InstrumentEventNames>(
    kind: InstrumentKind<T, N>,
    instrumentId: string,
    businessId: string,
    mode: Mode,
  ): Promise<SnapshotOf<T>> {
    const found = await this.findOwned(kind, instrumentId, businessId, mode);
    if (!found) throw kind.refuse.notFound(instrumentId);
    return found;
  }

  /**
   * Opens on a number: the requested one, or a free one among the kind's candidates (the kind
   * plans the opening from the business's settings: its ranges, prefix, enabled channels). Each
   * candidate is claimed by creating its stream (the decider refuses an existing one as taken);
   * a taken number costs one read. The draft is decided first, so a refused request claims nothing.
   */
  async open<T extends InstrumentTypes, N extends InstrumentEventNames>(
    kind: InstrumentKind<T, N>,
    owner: { businessId: string; mode: Mode },
    openingOf: (settings: BusinessSettings) => InstrumentOpening<T>,
    context: RequestContext,
  ): Promise<OpenedInstrument<T>> {
    const origin = { context, scope: { businessId: owner.businessId, mode: owner.mode } };
    // Asked together, the settings and the (test) clock leave in one statement (CombinedLookups).
    const [settings, now] = await Promise.all([this.settings(owner.businessId, owner.mode), this.pipeline.now(origin)]);
    const opening = openingOf(settings);
    const draft: CreateInstrument<T> = { ...opening.fields, type: 'CreateInstrument', instrumentId: '', now };
    kind.decider.decide(draft, kind.decider.initialState);
    for (const candidate of opening.candidates(() => this.ids.uuid())) {
      const command: CreateInstrument<T> = { ...draft, ...candidate.placement, instrumentId: candidate.instrumentId };
      try {
        const decision = await this.run({
          ...origin,
          at: now,
          stream: kind.streamOf(candidate.instrumentId),
          decider: kind.decider,
          command,
          readYourWrites: { projection: kind.projection },
        });
        if (!decision.state.exists) throw new Error('instrument creation appended nothing');
        return decision.state.snapshot;
      } catch (error) {
        // The draft passed: the only refusal left is "taken"; a chosen number tries the next one.
        if (!opening.requested && error instanceof DomainError && error.code === kind.takenCode) continue;
        throw error;
      }
    }
    throw kind.refuse.exhausted(opening.channel);
  }

  async update<T extends InstrumentTypes, N extends InstrumentEventNames>(
    kind: InstrumentKind<T, N>,
    request: UpdateRequest<T>,
  ): Promise<SnapshotOf<T>> {
    const { instrumentId, businessId, mode, changes } = request;
    await this.loadOwned(kind, instrumentId, businessId, mode);
    const decision = await this.run({
      context: request.context,
      scope: { businessId, mode },
      stream: kind.streamOf(instrumentId),
      decider: kind.decider,
      command: (now): UpdateInstrument<T> => ({ type: 'UpdateInstrument', instrumentId, changes, now }),
      readYourWrites: { projection: kind.projection },
    });
    if (!decision.state.exists) throw kind.refuse.notFound(instrumentId);
    return decision.state.snapshot;
  }

  /** The expiry job at `expiration_date` (on the business clock): INACTIVE; idempotent. */
  async expire<T extends InstrumentTypes, N extends InstrumentEventNames>(
    kind: InstrumentKind<T, N>,
    instrumentId: string,
    job: DueJob<unknown>,
  ): Promise<void> {
    const stream = kind.streamOf(instrumentId);
    const { state } = await this.pipeline.load(stream, kind.decider);
    if (!state.exists || state.snapshot.status === 'INACTIVE') return;
    const { businessId, mode } = state.snapshot;
    await this.run({
      context: { requestId: `job_${job.id}`, actor: kind.expiryActor },
      scope: { businessId, mode },
      at: job.now,
      stream,
      decider: kind.decider,
      command: { type: 'ExpireInstrument', instrumentId, now: job.now },
      readYourWrites: 'none',
    });
  }

  /**
   * Test mode: the simulated bank or till pays the instrument at (channel, number) of this
   * business. The fee comes from the business's fee schedule; `claimOf` names an invoice that
   * takes the payment (a fixed VA an invoice offers).
   */
  async pay<T extends InstrumentTypes, N extends InstrumentEventNames>(
    kind: InstrumentKind<T, N>,
    request: SimulatedPayment,
    claimOf?: ClaimLookup,
  ): Promise<PaidInstrument<T>> {
    const instrumentId = await this.ownedAt(kind, request);
    if (!instrumentId) throw kind.refuse.notFound(`${request.channel} ${request.number}`);
    return this.payOwned(kind, instrumentId, request, claimOf);
  }

  /**
   * The simulate route's one decision: a number that is one of this business's instruments is
   * paid here; any other goes to the context that owns the rest of the numbers (invoices' POOL
   * numbers and codes) through its declared command. That command's documented "nobody holds
   * it" answer becomes this route's own "not found", as the spec words it.
   */
  async payOrDelegate<T extends InstrumentTypes, N extends InstrumentEventNames, TOther>(
    kind: InstrumentKind<T, N>,
    request: SimulatedPayment,
    delegate: PaymentDelegate<TOther>,
    claimOf?: ClaimLookup,
  ): Promise<RoutedPayment<T, TOther>> {
    const instrumentId = await this.ownedAt(kind, request);
    if (instrumentId) return { paid: 'own', ...(await this.payOwned(kind, instrumentId, request, claimOf)) };
    try {
      return { paid: 'delegated', result: await delegate.pay() };
    } catch (error) {
      const nobodyHoldsIt = error instanceof DomainError && error.code === delegate.notFoundCode;
      if (nobodyHoldsIt) throw kind.refuse.notFound(`${request.channel} ${request.number}`);
      throw error;
    }
  }

  /** Test mode only; the id of this business's instrument at (channel, number), if there is one. */
  private async ownedAt<T extends InstrumentTypes, N extends InstrumentEventNames>(
    kind: InstrumentKind<T, N>,
    request: SimulatedPayment,
  ): Promise<string | undefined> {
    const { businessId, mode, channel, number } = request;
    if (mode !== 'test') throw kind.refuse.testModeOnly();
    const instrumentId = kind.idAt(businessId, mode, channel, number);
    return (await this.findOwned(kind, instrumentId, businessId, mode)) ? instrumentId : undefined;
  }

  private async payOwned<T extends InstrumentTypes, N extends InstrumentEventNames>(
    kind: InstrumentKind<T, N>,
    instrumentId: string,
    request: SimulatedPayment,
    claimOf?: ClaimLookup,
  ): Promise<PaidInstrument<T>> {
    const { businessId, mode, channel, amount } = request;
    const origin = { context: request.context, scope: { businessId, mode } };
    const [{ feeSchedule }, now] = await Promise.all([this.settings(businessId, mode), this.pipeline.now(origin)]);
    const { fee, feeTax } = feeFor(amount, feeRuleFor(channel, feeSchedule));
    const claimedBy = await claimOf?.(instrumentId, now);
    const id = hexId(this.ids.uuid());
    const paymentId = hexId(this.ids.uuid());
    const command: ReceiveInstrumentPayment = {
      type: 'ReceiveInstrumentPayment',
      instrumentId,
      ...{ id, paymentId, amount, fee, feeTax, claimedBy, now },
    };
    const decision = await this.run({
      ...origin,
      at: now,
      stream: kind.streamOf(instrumentId),
      decider: kind.decider,
      command,
      readYourWrites: { projection: [kind.projection, LEDGER_PROJECTION] },
    });
    for (const event of decision.events) {
      if ('payment' in event.data) {
        const position = decision.appended?.position;
        return { payment: event.data.payment, instrument: event.data.snapshot, ...(position && { position }) };
      }
    }
    throw new Error('instrument payment appended no payment');
  }
}
