import { CALLBACK_KINDS } from '@gateway/accounts';
import { namedSchema, ref, schema } from '@gateway/http-edge';
import { DELIVERY_STATUSES } from '../read-models/delivery-log';

const ENVIRONMENT = schema.oneOfStrings(['TEST', 'LIVE'], "The key's mode");
const KIND = schema.oneOfStrings(CALLBACK_KINDS);
const SIGNING_SECRET = schema.string("Verifies the Standard Webhooks signature of this kind's callbacks (`whsec_...`)");

/** One kind's URL and state (`GET /callback_urls`, `GET /callback_urls/{type}`). */
const ENDPOINT_FIELDS = {
  callback_type: KIND,
  url: schema.nullable(schema.string(undefined, { format: 'uri' })),
  status: schema.oneOfStrings(
    ['ENABLED', 'DISABLED', 'NOT_SET'],
    'DISABLED: the receiver answered 410 Gone; setting the URL again enables it',
  ),
  disabled_reason: schema.nullable(schema.string()),
  // null until a URL was set for the kind (the secret is made with the first URL).
  signing_secret: schema.nullable(SIGNING_SECRET),
};

export const CALLBACK_URL_SET_SCHEMA = namedSchema(
  'CallbackUrlSet',
  schema.object({
    status: schema.oneOfStrings(['SUCCESSFUL']),
    user_id: schema.string('The business'),
    url: schema.string(undefined, { format: 'uri' }),
    environment: ENVIRONMENT,
    callback_token: schema.string('Sent as `x-callback-token` with every callback of this mode'),
  }),
);

export const CALLBACK_URLS_SCHEMA = namedSchema(
  'CallbackUrls',
  schema.object({ environment: ENVIRONMENT, data: schema.arrayOf(schema.object(ENDPOINT_FIELDS)) }),
);

export const CALLBACK_URL_SCHEMA = namedSchema(
  'CallbackUrl',
  schema.object({
    environment: ENVIRONMENT,
    ...ENDPOINT_FIELDS,
    callback_token: schema.nullable(schema.string('Sent as `x-callback-token`')),
  }),
);

export const SIGNING_SECRET_ROTATED_SCHEMA = namedSchema(
  'SigningSecretRotated',
  schema.object({ callback_type: KIND, environment: ENVIRONMENT, signing_secret: SIGNING_SECRET }),
);

export const TEST_CALLBACK_SCHEMA = namedSchema(
  'TestCallbackRequested',
  schema.object({
    id: schema.string(),
    callback_type: KIND,
    url: schema.string(undefined, { format: 'uri' }),
    webhook_id: schema.string('The `webhook-id` of the test callback: find it in the delivery log'),
    status: schema.oneOfStrings(['REQUESTED']),
  }),
);

const DELIVERY_FIELDS = {
  id: schema.string('msg_ and 32 hex digits: the `webhook-id` header of every attempt'),
  callback_type: KIND,
  environment: ENVIRONMENT,
  status: schema.oneOfStrings(DELIVERY_STATUSES),
  event_id: schema.string('The event the callback tells of'),
  event_type: schema.string(),
  resource_id: schema.string(),
  url: schema.string(),
  attempts: schema.integer(),
  next_attempt_at: schema.nullable(schema.dateTime()),
  first_attempt_at: schema.nullable(schema.dateTime()),
  last_attempt_at: schema.nullable(schema.dateTime()),
  last_status_code: schema.nullable(schema.integer()),
  last_error: schema.nullable(schema.string()),
  created: schema.dateTime(),
  finished_at: schema.nullable(schema.dateTime()),
};

export const CALLBACK_DELIVERY_SCHEMA = namedSchema('CallbackDelivery', schema.object(DELIVERY_FIELDS));

export const CALLBACK_DELIVERY_DETAIL_SCHEMA = namedSchema(
  'CallbackDeliveryDetail',
  schema.object({
    ...DELIVERY_FIELDS,
    payload: schema.anyObject('The body sent (the same bytes on every attempt)'),
    attempt_log: schema.arrayOf(
      schema.object({
        attempt: schema.integer(),
        attempted_at: schema.dateTime(),
        succeeded: schema.boolean(),
        status_code: schema.nullable(schema.integer()),
        latency_ms: schema.integer(),
        response_excerpt: schema.nullable(schema.string('The first 1 KB of the answer')),
        error: schema.nullable(schema.string()),
        manual: schema.boolean('A manual resend'),
      }),
    ),
    alerts: schema.arrayOf(schema.object({ message: schema.string(), raised_at: schema.dateTime() })),
  }),
);

export const CALLBACK_DELIVERIES_SCHEMA = namedSchema(
  'CallbackDeliveries',
  schema.pageOf(ref(CALLBACK_DELIVERY_SCHEMA)),
);

export const CALLBACK_DELIVERY_SUMMARY_SCHEMA = namedSchema(
  'CallbackDeliverySummary',
  schema.object({
    from: schema.dateTime(),
    to: schema.dateTime(),
    windows: schema.arrayOf(
      schema.object({
        window_start: schema.dateTime(),
        window_end: schema.dateTime(),
        succeeded: schema.integer(),
        failed: schema.integer(),
      }),
    ),
  }),
);
