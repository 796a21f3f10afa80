import { Webhook } from 'standardwebhooks';

export interface CallbackToSign {
  /** The `webhook-id`: the same on every retry and resend of one callback. */
  id: string;
  /** The body exactly as sent: the signature covers these bytes. */
  payload: string;
  signingSecret: string | null;
  callbackToken: string | null;
  userAgent: string;
}

/**
 * The headers of a callback, for the sender's deliveries and for `listen`'s forwarded copies
 * alike: `x-callback-token` and the Standard Webhooks `webhook-id`, `webhook-timestamp` and
 * `webhook-signature` (v1, HMAC-SHA256 over "id.timestamp.body"). `sentAt` is real time, not a
 * business clock: receivers compare the timestamp with their own clock.
 */
export function callbackHeaders(callback: CallbackToSign, sentAt: Date): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': callback.userAgent,
    'webhook-id': callback.id,
    'webhook-timestamp': Math.floor(sentAt.getTime() / 1000).toString(),
  };
  if (callback.callbackToken) headers['x-callback-token'] = callback.callbackToken;
  if (callback.signingSecret)
    headers['webhook-signature'] = new Webhook(callback.signingSecret).sign(callback.id, sentAt, callback.payload);
  return headers;
}
