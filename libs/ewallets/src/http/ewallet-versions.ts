import { declareApiVersions } from '@gateway/http-edge';

export const EWALLETS_RESOURCE = 'ewallets';
/** OVO answers synchronously once the payer decided; no callback. */
export const OVO_SYNC_VERSION = '2019-02-04';
/** OVO answers at once (PENDING) and sends the `ewallet` callback when the payer decided. */
export const OVO_ASYNC_VERSION = '2020-02-01';

/*
 * Spec "Versioning": `X-API-VERSION` (or `API-Version`) selects the version, else the account's
 * default for the key's mode (`PATCH /settings` `api_versions.ewallets`), else the latest, which
 * is what an account opened today gets. Only OVO behaves differently between the two.
 */
declareApiVersions(EWALLETS_RESOURCE, {
  versions: [OVO_SYNC_VERSION, OVO_ASYNC_VERSION],
  fallback: OVO_ASYNC_VERSION,
  // Spec: "another page dates this change 2020-02-21": the same version under another date.
  aliases: { '2020-02-21': OVO_ASYNC_VERSION },
});
