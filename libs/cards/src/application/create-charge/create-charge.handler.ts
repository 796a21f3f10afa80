import { GetSettingsQuery } from '@gateway/accounts';
import { isChannelEnabled } from '@gateway/domain';
import { channelNotActivated } from '@gateway/payment-channels';
import { CommandPipeline, requestOrigin } from '@gateway/event-store';
import { feeFor, feeRuleFor } from '@gateway/ledger';
import { failpoint, IdGenerator } from '@gateway/runtime';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { cardChargeDecider } from '../../domain/card-charge.decider';
import { CARD_CHANNEL, CARD_CURRENCY } from '../../domain/card-charge.events';
import type { CardChargeOrder } from '../../domain/card-charge-order';
import { cvnLengthOf } from '../../domain/card-number';
import { cardTokenDecider } from '../../domain/card-token.decider';
import { cardTokenStream, type CardTokenCharged } from '../../domain/card-token.events';
import { CardErrors } from '../../domain/cards.errors';
import { createChargeOf, type OrderedTokenUse } from '../../domain/charge-of-token-use';
import { CARD_ID_PATTERN, newCardId, newNumericReference } from '../card-ids';
import { chargeViewOf, type ChargeView } from '../card-views';
import { ChargeMaterializer } from '../charge-materializer';
import { TokenLoader } from '../token-loader';
import { CreateChargeCommand } from './create-charge.command';

/** Where a crash test kills the api: the token's use is committed, the charge stream not yet. */
export const AFTER_TOKEN_USE_FAILPOINT = 'cards.create-charge.after-token-use';

/**
 * Charging has ONE commit point. The whole charge order (snapshot, fee, capture, settings) is
 * decided first; then:
 * - when the charge spends something (a single-use token, an authentication), the token's use
 *   (`CardTokenCharged` carrying the order) is appended under the token stream's expected
 *   revision: that is the commit (one use however many requests race), and the charge stream is
 *   created from the recorded use right after, here or, should this process die in between, by
 *   the token-use follower in the worker (`TokenUseFollower`);
 * - a saved card charged without 3DS spends nothing and records no use: creating the charge
 *   stream is then the only write, hence the commit.
 * Either way a crash leaves no effect, or a charge and its used token, never one without the other.
 */
@CommandHandler(CreateChargeCommand)
export class CreateChargeHandler implements ICommandHandler<CreateChargeCommand, ChargeView> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly tokens: TokenLoader,
    private readonly ids: IdGenerator,
    private readonly queries: QueryBus,
    private readonly charges: ChargeMaterializer,
  ) {}

  async execute(command: CreateChargeCommand): Promise<ChargeView> {
    const { businessId, mode, request } = command;
    if (request.authenticationId !== undefined && !CARD_ID_PATTERN.test(request.authenticationId))
      throw CardErrors.invalidAuthenticationId();
    const origin = requestOrigin(command);
    // Three independent reads at once (each shared with concurrent requests by its combiner).
    const [token, settingsView, now] = await Promise.all([
      this.tokens.load(request.tokenId, businessId, mode),
      this.queries.execute(new GetSettingsQuery(businessId, mode)),
      this.pipeline.now(origin),
    ]);
    if (request.cardCvn !== undefined && request.cardCvn.length !== cvnLengthOf(token.snapshot.cardBrand)) {
      throw CardErrors.invalidCvnLength(cvnLengthOf(token.snapshot.cardBrand));
    }
    const settings = settingsView?.settings ?? {};
    // Before the token is spent: a business with cards switched off is refused cleanly.
    if (!isChannelEnabled(settings.enabledPaymentChannels, CARD_CHANNEL)) throw channelNotActivated(CARD_CHANNEL, mode);
    const metadata = this.pipeline.metadata(origin, now);
    const { fee, feeTax } = feeFor(request.amount, feeRuleFor(CARD_CHANNEL, settings.feeSchedule));
    const order: CardChargeOrder = {
      snapshot: {
        chargeId: newCardId(this.ids),
        businessId,
        mode,
        tokenId: request.tokenId,
        externalId: request.externalId,
        amount: request.amount,
        currency: CARD_CURRENCY,
        maskedCardNumber: token.snapshot.maskedCardNumber,
        cardBrand: token.snapshot.cardBrand,
        cardType: token.snapshot.cardType,
        chargeType: request.isRecurring
          ? 'RECURRING'
          : token.snapshot.isMultipleUse
            ? 'MULTIPLE_USE_TOKEN'
            : 'SINGLE_USE_TOKEN',
        merchantReferenceCode: newCardId(this.ids),
        bankReconciliationId: newNumericReference(this.ids),
        createdAt: now.toISOString(),
        ...(request.moneyRecordedBy && { moneyRecordedBy: request.moneyRecordedBy }),
      },
      capture: request.capture,
      expMonth: token.snapshot.expMonth,
      expYear: token.snapshot.expYear,
      fraudDetection: settings.fraudDetection === true,
      fee,
      feeTax,
    };
    const chargeId = order.snapshot.chargeId;
    const use = {
      type: 'UseToken',
      charge: order,
      authenticationId: request.authenticationId,
      optionalAuthenticationAllowed:
        settings.optionalAuthentication === true ||
        (request.merchantInitiated === true && token.snapshot.isMultipleUse),
      now,
    } as const;
    // Decided on the token as loaded: refuses a bad use, and tells whether this use spends anything
    // (no event: this very charge's use is already recorded, by an earlier execution of the request).
    const [planned] = cardTokenDecider.decide(use, token) as CardTokenCharged[];
    const plannedUse = (planned?.data ?? token.uses[chargeId]) as OrderedTokenUse;
    // Nothing may be committed that cannot become a charge (the follower would find an order it
    // cannot create): the charge is decided once before the commit point, and refuses here.
    cardChargeDecider.decide(createChargeOf(plannedUse), cardChargeDecider.initialState);

    let committed = plannedUse;
    // Only a use that spends something (a single-use token, an authentication) is recorded on the
    // token's stream, under its expected revision; a saved card charged without 3DS spends nothing,
    // and leaving it out keeps a busy saved card's stream short.
    if (!token.snapshot.isMultipleUse || plannedUse.authenticationId !== undefined) {
      const used = await this.pipeline.run({
        ...origin,
        at: now,
        stream: cardTokenStream(request.tokenId),
        decider: cardTokenDecider,
        command: use,
        // The charge's creation right after is what the answer and the next GET stand on.
        readYourWrites: 'none',
      });
      // The use as the log has it: this one, or the one an earlier execution of the same request
      // (same ids from the same idempotency key) committed before it died.
      const recorded = used.state.status === 'active' ? used.state.uses[chargeId] : undefined;
      if (!recorded?.charge) throw new Error(`Token ${request.tokenId} has no recorded use by charge ${chargeId}`);
      committed = recorded as OrderedTokenUse;
      failpoint(AFTER_TOKEN_USE_FAILPOINT);
    }
    const charge = await this.charges.materialize(createChargeOf(committed), metadata);
    // No wait for the read model here: GET /credit_card_charges/{id} reads the charge's stream
    // when its row is not projected yet, so the GET that follows still sees the charge.
    return chargeViewOf(charge, charge.snapshot.createdAt);
  }
}
