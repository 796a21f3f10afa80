import type { ApiError } from './api-error';

/** Recognises an error some library throws and says how to answer it; `undefined` when it is not its kind. */
export type ErrorTranslator = (error: unknown) => ApiError | undefined;

const translators: ErrorTranslator[] = [];

/**
 * Libraries below the edge (the event store, the database) cannot throw `ApiError` without
 * depending on the HTTP layer, and platform must not import them (they depend on platform).
 * They register a translator instead; the edge asks each in turn, first answer wins.
 */
export function registerErrorTranslator(translator: ErrorTranslator): void {
  translators.push(translator);
}

export function translateError(error: unknown): ApiError | undefined {
  for (const translator of translators) {
    const translated = translator(error);
    if (translated) return translated;
  }
  return undefined;
}
