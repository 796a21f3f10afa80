import { type DeclaredErrorCode, DomainError, type ErrorStatus } from './domain-error';

export interface ErrorCodeDeclaration {
  readonly status: ErrorStatus;
  /**
   * The code means something else elsewhere in the API, and this context answers it with its own
   * status on its own routes only (the spec's DANA `DUPLICATE_ERROR` is 400 where a customer's is
   * 409). A local declaration stays out of the API-wide registry, so it cannot clash there.
   */
  readonly local?: true;
}

/** One line of a catalogue, as the registry and the error-code table read it. */
export interface DeclaredErrorCodeEntry {
  code: string;
  status: ErrorStatus;
  owner: string;
  local: boolean;
}

/**
 * The error codes one context (or layer) may throw, each once with its status: what `defineErrors`
 * (define-errors.ts) makes of a context's error definitions, and what the registry, the OpenAPI
 * document and a route's status rules read. Its `error('TOKEN_NOT_FOUND_ERROR', '...')` builds a
 * `DomainError` of a declared code (another code is a type error). Every catalogue also reaches
 * the codes the spec uses across products (`SHARED_ERROR_CODES`: `API_VALIDATION_ERROR`,
 * `DATA_NOT_FOUND`, ...), which are declared once, there.
 */
export class ErrorCatalogue<C extends string = string> {
  private readonly declared = new Map<string, DeclaredErrorCode>();

  constructor(
    readonly owner: string,
    readonly codes: Readonly<Record<C, ErrorCodeDeclaration>>,
    private readonly shared?: ErrorCatalogue,
  ) {
    for (const [code, declaration] of Object.entries<ErrorCodeDeclaration>(codes)) {
      if (!/^[A-Z][A-Z0-9_]*$/.test(code)) throw new Error(`${owner}: error code ${code} is not UPPER_SNAKE_CASE`);
      if (!Number.isInteger(declaration.status) || declaration.status < 400 || declaration.status > 599) {
        const status = String(declaration.status);
        throw new Error(`${owner}: error code ${code} declares ${status}, which is not an HTTP error status`);
      }
      this.declared.set(code, { code, status: declaration.status, owner } as DeclaredErrorCode);
    }
  }

  /** The code with its status, as `DomainError` takes it (subclasses of `DomainError` use this). */
  code(code: C | SharedErrorCode): DeclaredErrorCode {
    const declared = this.declared.get(code) ?? this.shared?.declared.get(code);
    // Unreachable from typed code; a cast or a plain-JS caller gets a clear message.
    if (!declared) throw new Error(`${this.owner}: error code ${code} is not declared`);
    return declared;
  }

  /** A `DomainError` with the declared code: the factories of the context's errors build on this. */
  error(code: C | SharedErrorCode, message: string, details?: Record<string, unknown>): DomainError {
    return new DomainError(this.code(code), message, details);
  }

  statusOf(code: C | SharedErrorCode): ErrorStatus {
    return this.code(code).status;
  }

  /** Whether `code` is one of this catalogue's own (not the shared ones). */
  declares(code: string): code is C {
    return this.declared.has(code);
  }

  entries(): DeclaredErrorCodeEntry[] {
    return Object.entries<ErrorCodeDeclaration>(this.codes).map(([code, declaration]) => ({
      code,
      status: declaration.status,
      owner: this.owner,
      local: declaration.local === true,
    }));
  }
}

/**
 * The codes the spec uses across products, declared once here: every catalogue may build them.
 * A context's own catalogue never repeats them.
 */
export const SHARED_ERROR_CODES = new ErrorCatalogue('shared', {
  /** A request field (or the request as a whole) breaks a rule; `errors[]` names the field. */
  API_VALIDATION_ERROR: { status: 400 },
  /** The generic "no such resource" of the spec's newer products (customers, files, audit). */
  DATA_NOT_FOUND: { status: 404 },
  /** The generic "no such resource" of the older ones (recurring) and of an unknown route. */
  NOT_FOUND_ERROR: { status: 404 },
  /** The caller may not do this (a key's permissions, a dashboard role). */
  REQUEST_FORBIDDEN_ERROR: { status: 403 },
  /** Simulations and top-ups exist in test mode only. */
  TEST_MODE_ONLY_ERROR: { status: 403 },
});

export type SharedErrorCode =
  'API_VALIDATION_ERROR' | 'DATA_NOT_FOUND' | 'NOT_FOUND_ERROR' | 'REQUEST_FORBIDDEN_ERROR' | 'TEST_MODE_ONLY_ERROR';

/**
 * A code another system declared, relayed as it came (the CLI reports the API's own answer). The
 * one way around a catalogue: for errors this code base does not define.
 */
export function relayedErrorCode(code: string, status: number, owner: string): DeclaredErrorCode {
  // Not one of ours: its status is whatever the other system answered (a 502 included).
  return { code, status: status as ErrorStatus, owner } as DeclaredErrorCode;
}

/** Where a refused value was sent, as the `errors[]` entries of an `API_VALIDATION_ERROR` name it. */
export type InputLocation = 'body' | 'query' | 'path' | 'header';

/**
 * `API_VALIDATION_ERROR` naming the field it is about (`['payment_methods', '2']`), so that every
 * validation error carries `errors[]` like the edge's own validation does (issue 19, item 7).
 * `type` names the rule that failed, as class-validator's constraint names do.
 */
export function invalidField(
  field: string[],
  message: string,
  type = 'invalid',
  location: InputLocation = 'body',
): DomainError {
  const errors = [{ field, location, messages: [message], types: [type] }];
  return SHARED_ERROR_CODES.error('API_VALIDATION_ERROR', message, { errors });
}

/** `API_VALIDATION_ERROR` about the request as a whole (the edge lists it in `errors[]` with no field). */
export function invalidRequest(message: string, details?: Record<string, unknown>): DomainError {
  return SHARED_ERROR_CODES.error('API_VALIDATION_ERROR', message, details);
}
