import { GetSettingsQuery } from '@gateway/accounts';
import { CommandPipeline } from '@gateway/event-store';
import { IdGenerator } from '@gateway/runtime';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { ewalletPaymentDecider } from '../../domain/ewallet-payment.decider';
import { EwalletErrors } from '../../domain/ewallet.errors';
import {
  ewalletPaymentStream,
  type EwalletPaymentRequested,
  type EwalletPaymentSnapshot,
} from '../../domain/ewallet-payment.events';
import { CHECKOUT_LIFETIME_MS, EWALLET_CURRENCY } from '../../domain/ewallet-types';
import { LINKAJA_CHECKOUT_TOKEN_FAILURE_PHONE } from '../../domain/ovo-payer-simulator';
import type { EwalletPaymentView } from '../../read-models/ewallet-payment-view';
import { EWALLETS_PROJECTION } from '../../read-models/ewallet-payments.projection';
import { EwalletNetworkPolicy } from '../ewallet-network-policy';
import { RequestEwalletPaymentCommand } from './request-ewallet-payment.command';

/** The stream of (business, mode, type, external id): bounded and separator-free whatever the merchant sends. */
export function paymentStreamOf(businessId: string, mode: string, ewalletType: string, externalId: string): string {
  return ewalletPaymentStream(
    createHash('sha256').update(`${businessId}\u0000${mode}\u0000${ewalletType}\u0000${externalId}`).digest('hex'),
  );
}

/**
 * Records a payment request. The first append to the payment's stream (named by its external id)
 * is the reservation: of parallel requests with one external id exactly one appends, the others
 * reload and get the type's duplicate code. What happens next is driven by durable timers (the
 * simulated OVO payer, checkout expiry) and the checkout page.
 */
@CommandHandler(RequestEwalletPaymentCommand)
export class RequestEwalletPaymentHandler implements ICommandHandler<RequestEwalletPaymentCommand, EwalletPaymentView> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly ids: IdGenerator,
    private readonly queries: QueryBus,
    private readonly network: EwalletNetworkPolicy,
  ) {}

  async execute(command: RequestEwalletPaymentCommand): Promise<EwalletPaymentView> {
    const { businessId, mode, request } = command;
    if (!this.network.available(mode)) {
      throw EwalletErrors.networkUnavailable();
    }
    const origin = { context: { ...command.context, apiVersion: command.apiVersion }, scope: { businessId, mode } };
    // Asked together, the settings and the (test) clock leave in one statement (CombinedLookups).
    const [settings, now] = await Promise.all([
      this.queries.execute(new GetSettingsQuery(businessId, mode)),
      this.pipeline.now(origin),
    ]);
    const enabled = settings?.settings.enabledPaymentChannels;
    if (enabled && !enabled.includes(request.ewalletType)) {
      throw EwalletErrors.typeNotEnabled(request.ewalletType);
    }
    if (request.ewalletType === 'LINKAJA' && request.phone === LINKAJA_CHECKOUT_TOKEN_FAILURE_PHONE) {
      // Test input: the provider fails to issue a checkout token. Refused before anything is written.
      throw EwalletErrors.checkoutTokenFailed();
    }

    const expiration = request.expirationDate === undefined ? undefined : new Date(request.expirationDate);
    if (expiration && Number.isNaN(expiration.getTime()))
      throw EwalletErrors.invalidRequest('expiration_date', 'expiration_date must be an ISO 8601 date');

    const paymentId = this.ids.prefixed('ewallet_');
    const hasCheckout = request.ewalletType !== 'OVO';
    const payment: Omit<EwalletPaymentSnapshot, 'requestedAt'> = {
      paymentId,
      businessId,
      mode,
      ewalletType: request.ewalletType,
      externalId: request.externalId,
      amount: request.amount,
      currency: EWALLET_CURRENCY,
      ...(request.phone !== undefined && { phone: request.phone }),
      ...(hasCheckout && {
        callbackUrl: request.callbackUrl,
        redirectUrl: request.redirectUrl,
        checkoutToken: `${this.ids.uuid()}${this.ids.uuid()}`.replace(/-/g, ''),
        expiresAt: expiration ? expiration.toISOString() : new Date(now.getTime() + CHECKOUT_LIFETIME_MS).toISOString(),
      }),
      ...(request.items !== undefined && { items: request.items }),
      apiVersion: command.apiVersion,
      ...(request.moneyRecordedBy && { moneyRecordedBy: request.moneyRecordedBy }),
    };
    const streamName = paymentStreamOf(businessId, mode, request.ewalletType, request.externalId);
    const decision = await this.pipeline.run({
      ...origin,
      at: now,
      stream: streamName,
      decider: ewalletPaymentDecider,
      command: { type: 'RequestEwalletPayment', payment, now },
      readYourWrites: { projection: EWALLETS_PROJECTION },
    });
    // As stored: a keyed request executed again after a crash answers with its first execution's
    // payment (its checkout token and times), never with values computed now.
    const requested = decision.events.find(
      (event): event is EwalletPaymentRequested => event.type === 'EwalletPaymentRequested',
    );
    if (!requested) throw new Error(`eWallet payment ${paymentId} was not requested`);
    const { requestedAt, ...stored } = requested.data;
    return { ...stored, streamName, status: 'PENDING', createdAt: requestedAt };
  }
}
