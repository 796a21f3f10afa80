import type { JsonSchema, NamedSchema } from './json-schema';

/** One callback kind (an OpenAPI `webhooks` entry): what triggers it and the body it POSTs. */
export interface CallbackDoc {
  /** The kind, as `POST /callback_urls/{type}` names it (`invoice`, `fva_paid`, ...). */
  kind: string;
  /** Product area (the tag of its operations). */
  tag: string;
  summary: string;
  description: string;
  /** The body; several shapes (per eWallet type) as a `oneOf` schema. */
  body: JsonSchema | NamedSchema;
}

const callbacks = new Map<string, CallbackDoc>();

/**
 * Contexts document the callbacks they render next to their renderers, as they register their
 * error statuses: the document lists every kind registered when it is built.
 */
export function documentCallback(doc: CallbackDoc): void {
  if (callbacks.has(doc.kind) && callbacks.get(doc.kind) !== doc)
    throw new Error(`Callback ${doc.kind} is documented twice`);
  callbacks.set(doc.kind, doc);
}

export function documentedCallbacks(): CallbackDoc[] {
  return [...callbacks.values()].sort((a, b) => a.kind.localeCompare(b.kind));
}
