/**
 * The HTTP status of each `error_code` a `DomainError` may carry. Bounded contexts register their
 * codes when their module is imported (`registerErrorStatuses({ DIRECT_DISBURSEMENT_NOT_FOUND_ERROR: 404 })`),
 * so the mapping lives next to the errors while the edge renders them in one place.
 * A code nobody registered answers 400: a domain rule said no to this request.
 */
const statuses = new Map<string, number>();

export const DEFAULT_DOMAIN_ERROR_STATUS = 400;

export function registerErrorStatuses(codes: Readonly<Record<string, number>>): void {
  for (const [code, status] of Object.entries(codes)) {
    if (!Number.isInteger(status) || status < 400 || status > 599) throw new Error(`Error code ${code}: ${status} is not an HTTP error status`);
    const known = statuses.get(code);
    // Two contexts giving one code two statuses is a bug worth failing the start-up for.
    if (known !== undefined && known !== status) throw new Error(`Error code ${code} is already registered with status ${known}, not ${status}`);
    statuses.set(code, status);
  }
}

/** The registered status of `code`, or 400 for a code nobody registered. */
export function errorStatusFor(code: string): number {
  return statuses.get(code) ?? DEFAULT_DOMAIN_ERROR_STATUS;
}

// The codes the spec uses across products, plus the ones the edge itself answers with.
registerErrorStatuses({
  API_VALIDATION_ERROR: 400,
  INVALID_JSON_FORMAT: 400,
  INVALID_API_KEY: 401,
  REQUEST_FORBIDDEN_ERROR: 403,
  TLS_REQUIRED_ERROR: 403,
  DATA_NOT_FOUND: 404,
  NOT_FOUND_ERROR: 404,
  REQUEST_ENTITY_TOO_LARGE: 413,
  UNSUPPORTED_CONTENT_TYPE_ERROR: 415,
  RATE_LIMIT_EXCEEDED: 429,
  SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
});
