import { declareApiVersions } from '@gateway/http-edge';

export const CARD_REFUNDS_RESOURCE = 'credit_card_refunds';
/** Spec "Versioning": from 2019-05-01 refund creation is processed synchronously. */
export const SYNCHRONOUS_REFUND_VERSION = '2019-05-01';
/**
 * The spec names no version for the original asynchronous behaviour (answer PENDING, notify when
 * processed); this gateway calls it 2018-01-01 and uses it when neither the request nor the
 * account names one, since the spec's refund response is PENDING (docs/decisions.md).
 */
export const ASYNCHRONOUS_REFUND_VERSION = '2018-01-01';

declareApiVersions(CARD_REFUNDS_RESOURCE, {
  versions: [ASYNCHRONOUS_REFUND_VERSION, SYNCHRONOUS_REFUND_VERSION],
  fallback: ASYNCHRONOUS_REFUND_VERSION,
});
