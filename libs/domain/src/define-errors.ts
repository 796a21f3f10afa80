import { ErrorCatalogue, type ErrorCodeDeclaration, SHARED_ERROR_CODES, type SharedErrorCode } from './error-codes';
import type { ErrorDefinition, ErrorFactory, ErrorOf } from './error-definitions';

/** A definition (`notFound(...)`, `shared(...)`, `withCodes(...)`), or a factory with no code of its own. */
type ErrorEntry = ErrorDefinition<string, ErrorFactory> | ErrorFactory;

/** The codes the entries declare: the catalogue's code union. */
type CodesOf<D> = {
  [K in keyof D]: D[K] extends { readonly declares: infer R } ? Extract<keyof R, string> : never;
}[keyof D];

type FactoryOf<E> = E extends { readonly factory: (errorOf: never) => infer F } ? F : E;

/** A context's error factories, by name, and `catalogue`: the codes they declare, with their statuses. */
export type DefinedErrors<D> = { readonly [K in keyof D]: FactoryOf<D[K]> } & {
  /** Read by the registry, the OpenAPI document and whoever needs a code's status (`statusOf`, `declares`). */
  readonly catalogue: ErrorCatalogue<CodesOf<D>>;
};

/**
 * Each error of `owner` once, with its code, its status and its message:
 *
 *     export const ReportErrors = defineErrors('reports', {
 *       notFound: notFound('REPORT_NOT_FOUND_ERROR', (id: string) => `Report ${id} does not exist`),
 *       linkInvalid: forbidden('INVALID_REPORT_LINK_ERROR', 'This report download link is not valid'),
 *     });
 *     export const REPORT_ERROR_CODES = ReportErrors.catalogue;
 *
 * `ReportErrors.notFound('r-1')` is the `DomainError`; the catalogue's codes are the ones the
 * entries declare. A code two entries declare (two messages of one code) must have one status.
 * The app lists every catalogue once (libs/bootstrap/src/all-error-codes.ts).
 */
export function defineErrors<D extends Record<string, ErrorEntry>>(
  owner: string,
  definitions: D & { readonly catalogue?: never },
): DefinedErrors<D> {
  const declared = declarationsOf(owner, definitions) as Record<CodesOf<D>, ErrorCodeDeclaration>;
  const catalogue = new ErrorCatalogue<CodesOf<D>>(owner, declared, SHARED_ERROR_CODES);
  const errorOf: ErrorOf<string> = (code, message, details) =>
    catalogue.error(code as CodesOf<D> | SharedErrorCode, message, details);
  const errors = Object.fromEntries(
    Object.entries<ErrorEntry>(definitions).map(([name, entry]) => [
      name,
      typeof entry === 'function' ? entry : entry.factory(errorOf),
    ]),
  );
  // Not enumerable: spreading a context's errors into a table of refusals copies its factories only.
  Object.defineProperty(errors, 'catalogue', { value: catalogue, enumerable: false });
  return errors as DefinedErrors<D>;
}

function declarationsOf(owner: string, definitions: Record<string, ErrorEntry>): Record<string, ErrorCodeDeclaration> {
  const declared: Record<string, ErrorCodeDeclaration> = {};
  for (const entry of Object.values(definitions)) {
    if (typeof entry === 'function') continue;
    for (const [code, declaration] of Object.entries<ErrorCodeDeclaration>(entry.declares)) {
      if (SHARED_ERROR_CODES.declares(code)) throw new Error(`${owner}: ${code} is a shared code: use shared(), once`);
      const earlier = declared[code];
      if (earlier && (earlier.status !== declaration.status || earlier.local !== declaration.local)) {
        throw new Error(`${owner}: error code ${code} is declared twice, differently`);
      }
      declared[code] = declaration;
    }
  }
  return declared;
}
