import { declareApiVersions } from '@gateway/http-edge';

export const CUSTOMERS_RESOURCE = 'customers';
export const LEGACY_CUSTOMER_VERSION = '2020-05-19';
export const CURRENT_CUSTOMER_VERSION = '2020-10-31';

/*
 * Spec "Versioning" and gaps: no header (and no account default), an EMPTY header, or 2020-05-19
 * select the original flat shape; 2020-10-31 the current one. The empty header wins even over an
 * account default because the public client sends `API-VERSION: ''` whenever its caller names no
 * version, and such callers were written against the original shape.
 */
declareApiVersions(CUSTOMERS_RESOURCE, {
  versions: [LEGACY_CUSTOMER_VERSION, CURRENT_CUSTOMER_VERSION],
  fallback: LEGACY_CUSTOMER_VERSION,
  emptyHeader: LEGACY_CUSTOMER_VERSION,
});

export const isLegacy = (version: string | undefined) => version !== CURRENT_CUSTOMER_VERSION;
