import { instrumentId, type InstrumentKind } from '@gateway/fixed-instruments';
import { paymentCodeDecider, type PaymentCodeTypes } from '../domain/payment-code.decider';
import { PaymentCodeErrors } from '../domain/payment-code.errors';
import { PAYMENT_CODE_EVENT_NAMES, paymentCodeStream } from '../domain/payment-code.events';
import { PAYMENT_CODES_PROJECTION } from '../read-models/payment-codes.projection';

/**
 * A code's id is derived from (business, mode, retail outlet, code): its stream `fpc-<id>` is
 * created with `no_stream`, so two creations of one code cannot both commit, and a simulated
 * payment finds the code from the outlet and code alone.
 */
export function paymentCodeId(businessId: string, mode: string, retailOutletName: string, paymentCode: string): string {
  return instrumentId('fpc', businessId, mode, retailOutletName, paymentCode);
}

/** Fixed payment codes as the fixed instruments kernel sees them. */
export const PAYMENT_CODES: InstrumentKind<PaymentCodeTypes, typeof PAYMENT_CODE_EVENT_NAMES> = {
  decider: paymentCodeDecider,
  streamOf: paymentCodeStream,
  refuse: {
    ...PaymentCodeErrors,
    // No free random code after MAX_RANDOM_TRIES: AVAILABLE_PAYMENT_CODE_NOT_FOUND_ERROR.
    exhausted: PaymentCodeErrors.noCodeAvailable,
  },
  // The decider refuses a code whose stream exists with this code.
  takenCode: 'DUPLICATE_PAYMENT_CODE_ERROR',
  // A till payment finds the code by outlet and code.
  idAt: paymentCodeId,
  projection: PAYMENT_CODES_PROJECTION,
  expiryActor: 'system:payment-code-expiry',
};
