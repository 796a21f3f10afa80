import type { CallbackKind } from '@gateway/accounts';
import type { RecordedEvent } from '@gateway/event-store';

/** What a context wants sent for one of its events. */
export interface CallbackMessage {
  kind: CallbackKind;
  /** The resource the callback is about (charge id, disbursement id, ...): filterable in the delivery log. */
  resourceId: string;
  /** The JSON body, already in the spec's wire shape. */
  body: Record<string, unknown>;
  /**
   * A per-request URL (eWallet `callback_url`): sent there instead of the kind's configured URL,
   * still with the business's callback token.
   */
  url?: string;
}

export interface RenderContext {
  businessId: string;
  mode: 'test' | 'live';
  /** The account's API version for a resource in this mode (callbacks render with it). */
  apiVersionOf(resource: string): string | undefined;
}

/**
 * Turns a context's domain events into callbacks. Contexts never call HTTP: they provide a
 * renderer, and the webhooks dispatcher delivers. Rendering happens once, when the delivery is
 * created, so every retry and resend sends the same bytes.
 */
export interface CallbackRenderer {
  readonly eventTypes: readonly string[];
  render(event: RecordedEvent, context: RenderContext): CallbackMessage[] | Promise<CallbackMessage[]>;
}

export const CALLBACK_RENDERER_METADATA = Symbol('gateway:callback-renderer');

/** Marks a Nest provider implementing CallbackRenderer; the dispatcher discovers it. */
export function RendersCallbacks(): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(CALLBACK_RENDERER_METADATA, true, target);
  };
}
