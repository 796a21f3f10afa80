import type { CallbackKind } from '@gateway/accounts';
import type { GatewayClient } from '../http/gateway-client';

/** What a trigger made: the resource its callback will be about, and anything worth knowing. */
export interface TriggerResult {
  resourceId: string;
  /** The API calls made, in order (`POST /v2/invoices -> inv_...`). */
  steps: string[];
  note?: string;
}

/**
 * `trigger <name>`: the test-mode API calls (simulators included) after which the gateway sends
 * one callback of `callbackKind`. Each is what a merchant could do by hand with curl.
 */
export interface Trigger {
  name: string;
  callbackKind: CallbackKind;
  description: string;
  run(api: GatewayClient, tag: string): Promise<TriggerResult>;
}
