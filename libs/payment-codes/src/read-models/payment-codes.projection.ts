import { type InstrumentReadModel, instrumentProjection } from '@gateway/fixed-instruments';
import {
  PAYMENT_CODE_EVENT_NAMES,
  PAYMENT_CODE_EVENT_TYPES,
  type PaymentCodeSnapshot,
} from '../domain/payment-code.events';

export const PAYMENT_CODES_PROJECTION = 'payment-codes.codes';
export const EXPIRE_PAYMENT_CODE_JOB = 'payment-codes.expire';

/** The codes and payments tables (the kernel's read model), looked up by outlet and code. */
export const PAYMENT_CODES_READ_MODEL: InstrumentReadModel<PaymentCodeSnapshot> = {
  lookupColumns: [
    { name: 'retail_outlet_name', type: 'text', value: (code) => code.retailOutletName },
    { name: 'payment_code', type: 'text', value: (code) => code.paymentCode },
  ],
  instrumentsTable: 'fixed_payment_codes',
  paymentsTable: 'fixed_payment_code_payments',
  idColumn: 'fpc_id',
  idOf: (code) => code.fpcId,
  recordsClaims: false,
  paidEvent: PAYMENT_CODE_EVENT_NAMES.paid,
  snapshotEvents: PAYMENT_CODE_EVENT_TYPES.filter((type) => type !== PAYMENT_CODE_EVENT_NAMES.paid),
  expiry: {
    job: EXPIRE_PAYMENT_CODE_JOB,
    keyOf: (code) => `fpc-expire:${code.fpcId}:${code.expirationDate}`,
    payloadOf: (code): ExpirePaymentCodePayload => ({ fpcId: code.fpcId }),
  },
};

/** What the expiry job is scheduled with (stored in the jobs table: its shape stays). */
export interface ExpirePaymentCodePayload {
  fpcId: string;
}

/** The GETs' tables and the expiry timer (same transaction as the row): the kernel's projection. */
export const PaymentCodesProjection = instrumentProjection(
  PAYMENT_CODES_PROJECTION,
  PAYMENT_CODES_READ_MODEL,
  PAYMENT_CODE_EVENT_TYPES,
);
