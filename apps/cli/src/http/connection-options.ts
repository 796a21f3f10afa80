import { invalidRequest } from '@gateway/domain';
import type { Command } from 'commander';
import { GatewayClient } from './gateway-client';

export interface ConnectionOptions {
  apiUrl?: string;
  key?: string;
}

/**
 * `--api-url` and `--key` for the commands that talk to a running gateway over its public API.
 * The key is better given as GATEWAY_SECRET_KEY (a command line is visible to other users of the
 * machine); the URL defaults to GATEWAY_URL, else the local gateway on PORT (3000).
 */
export function withConnectionOptions(command: Command): Command {
  return command
    .option('--api-url <url>', 'the gateway (default: $GATEWAY_URL, else http://localhost:$PORT or 3000)')
    .option('--key <secretKey>', 'a test-mode secret key (default: $GATEWAY_SECRET_KEY)');
}

export function gatewayClientOf(options: ConnectionOptions): GatewayClient {
  const key = options.key ?? process.env.GATEWAY_SECRET_KEY;
  if (!key)
    throw invalidRequest('Give a secret key: --key or GATEWAY_SECRET_KEY (a test-mode key, xnd_development_...)');
  const apiUrl = options.apiUrl ?? process.env.GATEWAY_URL ?? `http://localhost:${process.env.PORT ?? '3000'}`;
  if (!/^https?:\/\/[^\s/]+/.test(apiUrl)) throw invalidRequest(`--api-url must be an http(s) URL, not ${apiUrl}`);
  return new GatewayClient(apiUrl, key);
}

/** Resolves on SIGINT or SIGTERM: a long-running command (listen, logs tail) then ends cleanly. */
export function untilInterrupted(): AbortSignal {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return controller.signal;
}
