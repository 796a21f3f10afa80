import type { BusinessSettings } from '@gateway/accounts';
import { digitsFrom, type InstrumentCandidate, type InstrumentOpening } from '@gateway/fixed-instruments';
import type { Mode } from '@gateway/clock';
import type { PaymentCodeTypes } from '../domain/payment-code.decider';
import type { PaymentCodeOrigin } from '../domain/payment-code.events';
import { defaultPrefix, RANDOM_SUFFIX_DIGITS } from '../domain/payment-code.rules';
import { enabledOutlets } from '../domain/retail-outlets';
import { paymentCodeId } from './payment-code-kind';

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

/** The codes a request may open: the requested one, or the prefix and fresh random digits each try. */
export function* codeCandidates(
  at: { businessId: string; mode: Mode; retailOutletName: string; prefix: string },
  requested: string | undefined,
  draw: () => string,
): Generator<InstrumentCandidate<PaymentCodeTypes>> {
  for (let attempt = 0; attempt < (requested !== undefined ? 1 : MAX_RANDOM_TRIES); attempt += 1) {
    const paymentCode = requested ?? `${at.prefix}${digitsFrom(draw(), RANDOM_SUFFIX_DIGITS)}`;
    yield {
      instrumentId: paymentCodeId(at.businessId, at.mode, at.retailOutletName, paymentCode),
      placement: { paymentCode },
    };
  }
}

/**
 * How a code opens (the kernel opens it): the requested code, or the business's prefix
 * (`retail_payment_code_prefix`, else TEST/LIVE) and random digits, at a chain it has enabled.
 */
export function paymentCodeOpening(
  request: OpenPaymentCode,
  settings: BusinessSettings,
): InstrumentOpening<PaymentCodeTypes> {
  const { businessId, mode, retailOutletName } = request;
  const prefix = settings.retailPaymentCodePrefix ?? defaultPrefix(mode);
  const enabled = enabledOutlets(settings.enabledPaymentChannels).map((outlet) => outlet.code);
  // A requested code is checked by the draft; a random one is in the range by construction.
  const paymentCode = request.paymentCode ?? `${prefix}${'0'.repeat(RANDOM_SUFFIX_DIGITS)}`;
  return {
    channel: retailOutletName,
    requested: request.paymentCode !== undefined,
    fields: { ...request, enabledOutlets: enabled, prefix, paymentCode },
    candidates: (draw) => codeCandidates({ businessId, mode, retailOutletName, prefix }, request.paymentCode, draw),
  };
}
