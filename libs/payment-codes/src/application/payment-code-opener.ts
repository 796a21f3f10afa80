import { DomainError } from '@gateway/domain';
import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { Clock, IdGenerator, type Mode, type RequestContext, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { Inject, Injectable } from '@nestjs/common';
import { type CreatePaymentCode, paymentCodeDecider } from '../domain/payment-code.decider';
import { PaymentCodeErrors } from '../domain/payment-code.errors';
import { type PaymentCodeOrigin, type PaymentCodeSnapshot, paymentCodeStream } from '../domain/payment-code.events';
import { RANDOM_SUFFIX_DIGITS } from '../domain/payment-code.rules';
import { PAYMENT_CODES_PROJECTION } from '../read-models/payment-codes.projection';
import { BusinessRetailTerms } from './business-retail-terms';
import { paymentCodeId } from './payment-code-identity';

export interface OpenPaymentCode {
  businessId: string;
  mode: Mode;
  externalId: string;
  retailOutletName: string;
  name: string;
  paymentCode?: string;
  expectedAmount?: number;
  isSingleUse: boolean;
  expirationDate?: Date;
  origin: PaymentCodeOrigin;
}

/** Random codes tried before giving up (a million per prefix: collisions are rare). */
export const MAX_RANDOM_TRIES = 50;

/**
 * Creates a code: the requested one, or prefix + random digits. Each candidate is claimed by
 * creating its stream with `no_stream`; validation runs first, so a refused request claims nothing.
 * The digits come from IdGenerator: inside a keyed request they are derived from the key, so a
 * re-execution after a crash tries the same codes and meets the one it created.
 */
@Injectable()
export class PaymentCodeOpener {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly progress: ProjectionProgress,
    private readonly terms: BusinessRetailTerms,
    private readonly ids: IdGenerator,
  ) {}

  async open(request: OpenPaymentCode, context: RequestContext): Promise<PaymentCodeSnapshot> {
    const { businessId, mode } = request;
    const terms = await this.terms.of(businessId, mode);
    const now = await this.clock.now({ businessId, mode });
    const requested = request.paymentCode !== undefined;
    const command: CreatePaymentCode = {
      type: 'CreatePaymentCode',
      fpcId: '',
      businessId,
      mode,
      externalId: request.externalId,
      retailOutletName: request.retailOutletName,
      enabledOutlets: terms.enabled.map((outlet) => outlet.code),
      prefix: terms.prefix,
      paymentCode: request.paymentCode ?? this.randomCode(terms.prefix),
      name: request.name,
      expectedAmount: request.expectedAmount,
      isSingleUse: request.isSingleUse,
      expirationDate: request.expirationDate,
      origin: request.origin,
      now,
    };
    paymentCodeDecider.decide(command, paymentCodeDecider.initialState);
    const metadata = toCommandMetadata(context, now, { businessId, mode });
    for (let attempt = 0; attempt < (requested ? 1 : MAX_RANDOM_TRIES); attempt += 1) {
      const paymentCode = attempt === 0 ? command.paymentCode : this.randomCode(terms.prefix);
      const fpcId = paymentCodeId(businessId, mode, command.retailOutletName, paymentCode);
      try {
        const decision = await decideAndAppend(this.store, paymentCodeStream(fpcId), paymentCodeDecider, { ...command, fpcId, paymentCode }, metadata);
        if (decision.appended) await this.progress.waitFor(PAYMENT_CODES_PROJECTION, decision.appended.position, 10_000);
        if (!decision.state.exists) throw new Error('payment code creation appended nothing');
        return decision.state.snapshot;
      } catch (error) {
        if (!requested && error instanceof DomainError && error.code === 'DUPLICATE_PAYMENT_CODE_ERROR') continue;
        throw error;
      }
    }
    throw PaymentCodeErrors.noCodeAvailable(request.retailOutletName);
  }

  private randomCode(prefix: string): string {
    const draw = BigInt(`0x${this.ids.uuid().replace(/-/g, '').slice(0, 16)}`) % BigInt(10 ** RANDOM_SUFFIX_DIGITS);
    return `${prefix}${draw.toString().padStart(RANDOM_SUFFIX_DIGITS, '0')}`;
  }
}
