import { startTestApp, type TestApp } from './test-app';
import { WebhookReceiver } from './webhook-receiver';

/** The real app and a merchant's callback endpoint, both up for the whole describe block. */
export interface GatewayWithReceiver {
  gateway: TestApp;
  receiver: WebhookReceiver;
}

/**
 * Registers the describe block's beforeAll/afterAll: starts a WebhookReceiver and the app allowed to
 * deliver callbacks to it (a private address), and closes both. The returned object's `gateway` and
 * `receiver` are set once beforeAll has run, so read them inside tests, not at describe time.
 */
export function gatewayWithReceiver(env: Record<string, string> = {}): GatewayWithReceiver {
  const running = {} as GatewayWithReceiver;
  beforeAll(async () => {
    running.receiver = await WebhookReceiver.start();
    running.gateway = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', ...env } });
  });
  afterAll(async () => {
    await running.gateway?.close();
    await running.receiver?.close();
  });
  return running;
}
