import type { DomainError, ErrorStatus } from './domain-error';
import type { ErrorCodeDeclaration, SharedErrorCode } from './error-codes';

/** Builds a `DomainError` of one of the codes `C` (or of a shared one), as the context's catalogue does. */
export type ErrorOf<C extends string> = (
  code: C | SharedErrorCode,
  message: string,
  details?: Record<string, unknown>,
) => DomainError;

/** What a context's errors are made by: a function of the error's facts to a `DomainError`. */
export type ErrorFactory = (...args: never[]) => DomainError;

/**
 * One entry of `defineErrors` (define-errors.ts): the codes it declares, each with its status,
 * and how it makes its factory once the context's catalogue exists (the factory's errors carry
 * the catalogue's owner, so it cannot be built before).
 */
export interface ErrorDefinition<C extends string, F> {
  readonly declares: Readonly<Record<C, ErrorCodeDeclaration>>;
  readonly factory: (errorOf: ErrorOf<C>) => F;
}

/** A message the same for every error, or one written from the factory's arguments. */
export type ErrorMessage<A extends unknown[]> = string | ((...args: A) => string);

/** What the error carries besides its message (`errors[]`, the field a batch item is refused about). */
export type ErrorDetails<A extends unknown[]> =
  Record<string, unknown> | ((...args: A) => Record<string, unknown> | undefined);

/** The factory of a code whose every caller writes its own message (the edge's codes, a code a class builds). */
export type CallerWrittenError = (message: string, details?: Record<string, unknown>) => DomainError;

/** A shared code is declared once, in SHARED_ERROR_CODES: a context uses it through `shared`, never redeclares it. */
type OwnCode<C extends string> = C extends SharedErrorCode ? never : C;

function written<A extends unknown[]>(message: ErrorMessage<A>, args: A): string {
  return typeof message === 'string' ? message : message(...args);
}

// Each error gets its own details, as if written where it is thrown.
function detailed<A extends unknown[]>(details: ErrorDetails<A> | undefined, args: A) {
  if (details === undefined) return undefined;
  return typeof details === 'function' ? details(...args) : { ...details };
}

function messageFactory<C extends string, A extends unknown[]>(
  code: C | SharedErrorCode,
  message: ErrorMessage<A>,
  details: ErrorDetails<A> | undefined,
) {
  return (errorOf: ErrorOf<C>) =>
    (...args: A) =>
      errorOf(code, written(message, args), detailed(details, args));
}

function callerWrittenFactory<C extends string>(code: C): (errorOf: ErrorOf<C>) => CallerWrittenError {
  return (errorOf) => (message, details) => errorOf(code, message, details);
}

/**
 * The definer of the codes answered with `status`: `notFound('TOKEN_NOT_FOUND_ERROR', 'No card
 * token exists with that id')`, with the message written from the factory's arguments
 * (`(id: string) => \`Report ${id} does not exist\``), or with none (the caller writes it).
 */
function definerOf(status: ErrorStatus) {
  function define<const C extends string>(code: OwnCode<C>): ErrorDefinition<C, CallerWrittenError>;
  function define<const C extends string, A extends unknown[] = []>(
    code: OwnCode<C>,
    message: ErrorMessage<A>,
    details?: ErrorDetails<A>,
  ): ErrorDefinition<C, (...args: A) => DomainError>;
  function define(code: string, message?: ErrorMessage<unknown[]>, details?: ErrorDetails<unknown[]>) {
    const factory = message === undefined ? callerWrittenFactory(code) : messageFactory(code, message, details);
    return { declares: { [code]: { status } }, factory };
  }
  return define;
}

export const badRequest = definerOf(400);
export const unauthorized = definerOf(401);
export const forbidden = definerOf(403);
export const notFound = definerOf(404);
export const requestTimeout = definerOf(408);
export const conflict = definerOf(409);
export const gone = definerOf(410);
export const payloadTooLarge = definerOf(413);
export const unsupportedMediaType = definerOf(415);
export const unprocessable = definerOf(422);
export const tooManyRequests = definerOf(429);
export const serverError = definerOf(500);
export const serviceUnavailable = definerOf(503);
export const gatewayTimeout = definerOf(504);

/** An error of a shared code (`DATA_NOT_FOUND`, `API_VALIDATION_ERROR`, ...), in the context's words. */
export function shared<A extends unknown[] = []>(
  code: SharedErrorCode,
  message: ErrorMessage<A>,
  details?: ErrorDetails<A>,
): ErrorDefinition<never, (...args: A) => DomainError> {
  return { declares: {}, factory: messageFactory<never, A>(code, message, details) };
}

/**
 * An error whose code depends on its facts (one duplicate code per eWallet type), or one code
 * another context also declares with another status on its own routes (`local: true`): the
 * declarations as they are, and the factory built from the context's `errorOf`.
 */
export function withCodes<const D extends Record<string, ErrorCodeDeclaration>, F extends ErrorFactory>(
  codes: D & { readonly [K in SharedErrorCode]?: never },
  factory: (errorOf: ErrorOf<Extract<keyof D, string>>) => F,
): ErrorDefinition<Extract<keyof D, string>, F> {
  return { declares: codes, factory };
}
