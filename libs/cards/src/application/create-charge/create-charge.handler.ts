import { GetSettingsQuery } from '@gateway/accounts';
import { isChannelEnabled } from '@gateway/domain';
import { channelNotActivated } from '@gateway/payment-channels';
import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { feeFor, feeRuleFor } from '@gateway/ledger';
import { Clock, IdGenerator, toCommandMetadata } from '@gateway/platform';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { cardChargeDecider } from '../../domain/card-charge.decider';
import { CARD_CHANNEL, CARD_CURRENCY, cardChargeStream, type CardChargeSnapshot } from '../../domain/card-charge.events';
import { cvnLengthOf } from '../../domain/card-number';
import { cardTokenDecider } from '../../domain/card-token.decider';
import { cardTokenStream, type CardTokenCharged } from '../../domain/card-token.events';
import { CardErrors } from '../../domain/cards.errors';
import { CARD_ID_PATTERN, newCardId, newNumericReference } from '../card-ids';
import { chargeViewOf, type ChargeView } from '../card-views';
import { TokenLoader } from '../token-loader';
import { CreateChargeCommand } from './create-charge.command';

/**
 * Charging spends the token first (the commit point: the token stream's expected revision makes a
 * single-use token or an authentication usable once, however many requests race), then records
 * the charge with its money-in fact in one append.
 */
@CommandHandler(CreateChargeCommand)
export class CreateChargeHandler implements ICommandHandler<CreateChargeCommand, ChargeView> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly tokens: TokenLoader,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly queries: QueryBus,
  ) {}

  async execute(command: CreateChargeCommand): Promise<ChargeView> {
    const { businessId, mode, request } = command;
    if (request.authenticationId !== undefined && !CARD_ID_PATTERN.test(request.authenticationId)) throw CardErrors.invalidAuthenticationId();
    // Three independent reads at once (each shared with concurrent requests by its combiner).
    const [token, settingsView, now] = await Promise.all([
      this.tokens.load(request.tokenId, businessId, mode),
      this.queries.execute(new GetSettingsQuery(businessId, mode)),
      this.clock.now({ businessId, mode }),
    ]);
    if (request.cardCvn !== undefined && request.cardCvn.length !== cvnLengthOf(token.snapshot.cardBrand)) {
      throw CardErrors.invalidCvnLength(cvnLengthOf(token.snapshot.cardBrand));
    }
    const settings = settingsView?.settings ?? {};
    // Before the token is spent: a business with cards switched off is refused cleanly.
    if (!isChannelEnabled(settings.enabledPaymentChannels, CARD_CHANNEL)) throw channelNotActivated(CARD_CHANNEL, mode);
    const chargeId = newCardId(this.ids);
    const metadata = toCommandMetadata(command.context, now, { businessId, mode });

    const use = { type: 'UseToken', chargeId, authenticationId: request.authenticationId, amount: request.amount, optionalAuthenticationAllowed: settings.optionalAuthentication === true || (request.merchantInitiated === true && token.snapshot.isMultipleUse), now } as const;
    let charged = cardTokenDecider.decide(use, token)[0] as CardTokenCharged;
    // Only a use that spends something (a single-use token, an authentication) is recorded on the
    // token's stream, under its expected revision; a saved card charged without 3DS spends nothing,
    // and leaving it out keeps a busy saved card's stream short.
    if (!token.snapshot.isMultipleUse || charged.data.authenticationId !== undefined) {
      const used = await decideAndAppend(this.store, cardTokenStream(request.tokenId), cardTokenDecider, use, metadata);
      charged = used.events[0] as CardTokenCharged;
    }
    const snapshot: CardChargeSnapshot = {
      chargeId,
      businessId,
      mode,
      tokenId: request.tokenId,
      ...(charged.data.authenticationId && { authenticationId: charged.data.authenticationId }),
      externalId: request.externalId,
      amount: request.amount,
      currency: CARD_CURRENCY,
      maskedCardNumber: token.snapshot.maskedCardNumber,
      cardBrand: token.snapshot.cardBrand,
      cardType: token.snapshot.cardType,
      chargeType: request.isRecurring ? 'RECURRING' : token.snapshot.isMultipleUse ? 'MULTIPLE_USE_TOKEN' : 'SINGLE_USE_TOKEN',
      eci: charged.data.eci,
      merchantReferenceCode: newCardId(this.ids),
      bankReconciliationId: newNumericReference(this.ids),
      createdAt: now.toISOString(),
      ...(request.moneyRecordedBy && { moneyRecordedBy: request.moneyRecordedBy }),
    };
    const { fee, feeTax } = feeFor(request.amount, feeRuleFor(CARD_CHANNEL, settings.feeSchedule));
    const created = await decideAndAppend(
      this.store,
      cardChargeStream(chargeId),
      cardChargeDecider,
      { type: 'CreateCharge', snapshot, capture: request.capture, expMonth: token.snapshot.expMonth, expYear: token.snapshot.expYear, fraudDetection: settings.fraudDetection === true, fee, feeTax, now },
      metadata,
      { newStream: true },
    );
    // No wait for the read model here: GET /credit_card_charges/{id} reads the charge's stream
    // when its row is not projected yet, so the GET that follows still sees the charge.
    return chargeViewOf(created.state, snapshot.createdAt);
  }
}
