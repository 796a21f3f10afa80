import { CALLBACK_KINDS } from '@gateway/accounts';
import { namedSchema, schema } from '@gateway/http-edge';

/** `GET /callback_listen`: the next test-mode callbacks, each ready to be forwarded as is. */
export const CALLBACK_LISTEN_SCHEMA = namedSchema(
  'CallbackListenBatch',
  schema.object({
    business_id: schema.string('The business whose callbacks these are'),
    signing_secret: schema.string(
      '`whsec_...`: what `webhook-signature` of every forwarded callback is made with; the same on every call and run',
    ),
    data: schema.arrayOf(
      schema.object({
        id: schema.string(
          'The `webhook-id` of this forwarded copy (stable: a second poll after the same cursor gives the same id)',
          { pattern: '^msg_[0-9a-f]{32}$' },
        ),
        cursor: schema.string('Poll with `after` set to this to get what follows this callback', { pattern: '^\\d+$' }),
        callback_type: schema.oneOfStrings(CALLBACK_KINDS),
        event_type: schema.string('The domain event that caused it (`InvoicePaid`, ...)'),
        resource_id: schema.string('What it is about (invoice id, disbursement id, ...)'),
        created: schema.dateTime('When the event happened (the business clock)'),
        headers: schema.object(
          {
            'content-type': schema.string(),
            'user-agent': schema.string(),
            'webhook-id': schema.string(),
            'webhook-timestamp': schema.string('Seconds since the epoch, when this answer was signed'),
            'webhook-signature': schema.string('Standard Webhooks v1 signature with `signing_secret`'),
            'x-callback-token': schema.string("The business's test-mode callback token"),
          },
          { optional: ['x-callback-token'], description: 'Send these with the body, unchanged' },
        ),
        body: schema.string('The JSON body, exactly as a delivery sends it (the signature covers these bytes)'),
      }),
    ),
    next_cursor: schema.string('`after` for the next poll', { pattern: '^\\d+$' }),
  }),
);
