import type { EwalletPaymentStatus } from '../domain/ewallet-payment.decider';
import type { EwalletPaymentSnapshot } from '../domain/ewallet-payment.events';
import type { EwalletType } from '../domain/ewallet-types';
import type { EwalletPaymentView } from '../read-models/ewallet-payment-view';
import { documentCallback, namedSchema, schema } from '@gateway/http-edge';

const ITEM = schema.object({
  id: schema.string(),
  name: schema.string(),
  price: schema.amount(),
  quantity: schema.integer(),
});
const type = (value: EwalletType) => schema.oneOfStrings([value]);

/** POST /ewallets answers, one shape per wallet type (spec "Fields returned"). */
export const EWALLET_PAYMENT_CREATED_SCHEMA = namedSchema('EwalletPaymentCreated', {
  oneOf: [
    schema.object(
      {
        business_id: schema.string(),
        external_id: schema.string(),
        amount: schema.amount(),
        phone: schema.string(),
        ewallet_type: type('OVO'),
        ewallet_transaction_id: schema.string(),
        transaction_date: schema.dateTime(),
        status: schema.oneOfStrings(
          ['PENDING', 'COMPLETED', 'FAILED'],
          "Version 2020-02-01: PENDING, the `ewallet` callback tells the outcome. Version 2019-02-04: the payer's " +
            'decision',
        ),
        created: schema.dateTime(),
      },
      { title: 'OVO' },
    ),
    schema.object(
      {
        external_id: schema.string(),
        checkout_url: schema.string('Send the payer here', { format: 'uri' }),
        amount: schema.amount(),
        ewallet_type: type('DANA'),
      },
      { title: 'DANA' },
    ),
    schema.object(
      {
        checkout_url: schema.string('Send the payer here', { format: 'uri' }),
        transaction_date: schema.dateTime(),
        amount: schema.amount(),
        external_id: schema.string(),
        ewallet_type: type('LINKAJA'),
      },
      { title: 'LINKAJA' },
    ),
  ],
});

/** GET /ewallets?external_id=&ewallet_type= answers, one shape per wallet type. */
export const EWALLET_PAYMENT_SCHEMA = namedSchema('EwalletPayment', {
  oneOf: [
    schema.object(
      {
        business_id: schema.string(),
        external_id: schema.string(),
        amount: schema.amount(),
        ewallet_type: type('OVO'),
        status: schema.oneOfStrings(['PENDING', 'COMPLETED', 'FAILED']),
        transaction_date: schema.dateTime(),
        phone: schema.string(),
        ewallet_transaction_id: schema.string(),
        failure_code: schema.string(),
      },
      { title: 'OVO', optional: ['failure_code'] },
    ),
    schema.object(
      {
        business_id: schema.string(),
        external_id: schema.string(),
        amount: schema.amount(),
        ewallet_type: type('DANA'),
        status: schema.oneOfStrings(['PENDING', 'PAID', 'EXPIRED']),
        transaction_date: schema.dateTime(),
        checkout_url: schema.string(undefined, { format: 'uri' }),
        expiration_date: schema.dateTime(),
      },
      { title: 'DANA' },
    ),
    schema.object(
      {
        business_id: schema.string(),
        external_id: schema.string(),
        amount: schema.amount(),
        ewallet_type: type('LINKAJA'),
        status: schema.oneOfStrings(['PENDING', 'SUCCESS_COMPLETED', 'FAILED']),
        transaction_date: schema.dateTime(),
        phone: schema.string(),
        items: schema.arrayOf(ITEM),
        checkout_url: schema.string(undefined, { format: 'uri' }),
      },
      { title: 'LINKAJA' },
    ),
  ],
});

/** The `ewallet` callback bodies (gaps.md), one per wallet type. */
export const EWALLET_CALLBACK_SCHEMA = namedSchema('EwalletCallback', {
  oneOf: [
    schema.object(
      {
        event: schema.oneOfStrings(['ewallet.payment']),
        id: schema.string(),
        external_id: schema.string(),
        business_id: schema.string(),
        phone: schema.string(),
        ewallet_type: type('OVO'),
        amount: schema.amount(),
        status: schema.oneOfStrings(['COMPLETED', 'FAILED']),
        failure_code: schema.string(),
        created: schema.dateTime(),
      },
      { title: 'OVO (version 2020-02-01)', optional: ['failure_code'] },
    ),
    schema.object(
      {
        external_id: schema.string(),
        amount: schema.amount(),
        business_id: schema.string(),
        payment_status: schema.oneOfStrings(['PAID', 'EXPIRED']),
        transaction_date: schema.dateTime(),
        ewallet_type: type('DANA'),
        callback_authentication_token: schema.nullable(schema.string("The business's callback token")),
      },
      { title: 'DANA' },
    ),
    schema.object(
      {
        external_id: schema.string(),
        amount: schema.amount(),
        items: schema.arrayOf(ITEM),
        status: schema.oneOfStrings(['SUCCESS_COMPLETED', 'FAILED']),
        ewallet_type: type('LINKAJA'),
        callback_authentication_token: schema.nullable(schema.string("The business's callback token")),
      },
      { title: 'LINKAJA' },
    ),
  ],
});

documentCallback({
  kind: 'ewallet',
  tag: 'eWallets',
  summary: 'eWallet payment completed, failed or expired',
  description:
    'OVO payments of version 2020-02-01 go to the URL set for `ewallet`; ' +
    'DANA and LINKAJA payments go to the `callback_url` of their request. Each wallet type has its own body.',
  body: EWALLET_CALLBACK_SCHEMA,
});

/**
 * Wire statuses per wallet type (gaps.md callbacks): OVO COMPLETED|FAILED, DANA PAID|EXPIRED,
 * LINKAJA SUCCESS_COMPLETED|FAILED (an expired LINKAJA checkout is FAILED: LINKAJA has no
 * expired status). PENDING before any decision.
 */
const WIRE_STATUS: Readonly<Record<EwalletType, Readonly<Record<EwalletPaymentStatus, string>>>> = {
  OVO: { PENDING: 'PENDING', COMPLETED: 'COMPLETED', FAILED: 'FAILED', EXPIRED: 'FAILED' },
  DANA: { PENDING: 'PENDING', COMPLETED: 'PAID', FAILED: 'EXPIRED', EXPIRED: 'EXPIRED' },
  LINKAJA: { PENDING: 'PENDING', COMPLETED: 'SUCCESS_COMPLETED', FAILED: 'FAILED', EXPIRED: 'FAILED' },
};

export const wireStatus = (type: EwalletType, status: EwalletPaymentStatus) => WIRE_STATUS[type][status];

export const checkoutPath = (token: string) => `/ewallets/checkout/${token}`;

/** When the payment happened (or failed, or expired); the request time while it is pending. */
const transactionDate = (view: EwalletPaymentView) => view.decidedAt ?? view.createdAt;

/** POST /ewallets response (spec: "Fields returned" per wallet type). */
export function createdPaymentToWire(view: EwalletPaymentView, baseUrl: string): Record<string, unknown> {
  switch (view.ewalletType) {
    case 'OVO':
      return {
        business_id: view.businessId,
        external_id: view.externalId,
        amount: view.amount,
        phone: view.phone,
        ewallet_type: view.ewalletType,
        ewallet_transaction_id: view.paymentId,
        transaction_date: transactionDate(view),
        status: wireStatus('OVO', view.status),
        created: view.createdAt,
      };
    case 'DANA':
      return {
        external_id: view.externalId,
        checkout_url: `${baseUrl}${checkoutPath(view.checkoutToken!)}`,
        amount: view.amount,
        ewallet_type: view.ewalletType,
      };
    case 'LINKAJA':
      return {
        checkout_url: `${baseUrl}${checkoutPath(view.checkoutToken!)}`,
        transaction_date: view.createdAt,
        amount: view.amount,
        external_id: view.externalId,
        ewallet_type: view.ewalletType,
      };
  }
}

/** GET /ewallets?external_id=&ewallet_type= response. */
export function paymentToWire(view: EwalletPaymentView, baseUrl: string): Record<string, unknown> {
  const common = {
    business_id: view.businessId,
    external_id: view.externalId,
    amount: view.amount,
    ewallet_type: view.ewalletType,
    status: wireStatus(view.ewalletType, view.status),
    transaction_date: transactionDate(view),
  };
  switch (view.ewalletType) {
    case 'OVO':
      return {
        ...common,
        phone: view.phone,
        ewallet_transaction_id: view.paymentId,
        ...(view.failureCode && { failure_code: view.failureCode }),
      };
    case 'DANA':
      return {
        ...common,
        checkout_url: `${baseUrl}${checkoutPath(view.checkoutToken!)}`,
        expiration_date: view.expiresAt,
      };
    case 'LINKAJA':
      return {
        ...common,
        phone: view.phone,
        items: view.items,
        checkout_url: `${baseUrl}${checkoutPath(view.checkoutToken!)}`,
      };
  }
}

/** The `ewallet` callback bodies of gaps.md, from a final event's snapshot. */
export function callbackBody(
  payment: EwalletPaymentSnapshot,
  outcome: { status: EwalletPaymentStatus; failureCode?: string; at: string },
  callbackToken: string | null,
): Record<string, unknown> {
  const status = wireStatus(payment.ewalletType, outcome.status);
  switch (payment.ewalletType) {
    case 'OVO':
      return {
        event: 'ewallet.payment',
        id: payment.paymentId,
        external_id: payment.externalId,
        business_id: payment.businessId,
        phone: payment.phone,
        ewallet_type: payment.ewalletType,
        amount: payment.amount,
        status,
        ...(outcome.failureCode && { failure_code: outcome.failureCode }),
        created: payment.requestedAt,
      };
    case 'DANA':
      return {
        external_id: payment.externalId,
        amount: payment.amount,
        business_id: payment.businessId,
        payment_status: status,
        transaction_date: outcome.at,
        ewallet_type: payment.ewalletType,
        callback_authentication_token: callbackToken,
      };
    case 'LINKAJA':
      return {
        external_id: payment.externalId,
        amount: payment.amount,
        items: payment.items,
        status,
        ewallet_type: payment.ewalletType,
        callback_authentication_token: callbackToken,
      };
  }
}
