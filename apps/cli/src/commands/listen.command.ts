import { CALLBACK_KINDS } from '@gateway/accounts';
import { invalidRequest } from '@gateway/domain';
import type { Command } from 'commander';
import {
  type ConnectionOptions,
  gatewayClientOf,
  untilInterrupted,
  withConnectionOptions,
} from '../http/connection-options';
import { listen } from '../listen/listen-loop';

interface ListenCommandOptions extends ConnectionOptions {
  forwardTo?: string;
  events?: string;
  printSecret?: boolean;
  json?: boolean;
}

/**
 * `listen --forward-to <url>`: the business's test-mode callbacks, forwarded from this machine to
 * a local URL while it runs (Stripe's `stripe listen`). One line per callback with the local
 * answer; the signing secret printed at start stays the same across runs.
 */
export function registerListenCommand(program: Command): void {
  withConnectionOptions(
    program
      .command('listen')
      .description(
        "Forward the business's test-mode callbacks to a local URL while this runs (needs no callback URL and no " +
          'private-target switch)',
      )
      .option('--forward-to <url>', 'where to POST each callback, e.g. http://localhost:4000/hook')
      .option('--events <kinds>', `only these callback kinds, comma-separated (${CALLBACK_KINDS.join(', ')})`)
      .option('--print-secret', 'print the signing secret and exit')
      .option('--json', 'one JSON object per line'),
  ).action(async (options: ListenCommandOptions) => {
    const client = gatewayClientOf(options);
    const kinds = options.events
      ?.split(',')
      .map((kind) => kind.trim())
      .filter(Boolean);
    const out = (line: string) => process.stdout.write(`${line}\n`);
    if (options.printSecret) {
      const answer = await client.get<{ signing_secret: string }>('/callback_listen');
      out(options.json ? JSON.stringify({ signing_secret: answer.signing_secret }) : answer.signing_secret);
      return;
    }
    if (!options.forwardTo || !/^https?:\/\/[^\s/]+/.test(options.forwardTo)) {
      throw invalidRequest('--forward-to must be an http(s) URL, e.g. http://localhost:4000/hook');
    }
    const forwardTo = options.forwardTo;
    await listen(client, {
      forwardTo,
      kinds,
      signal: untilInterrupted(),
      onReady: ({ businessId, signingSecret }) => {
        if (options.json)
          return out(
            JSON.stringify({
              ready: true,
              business_id: businessId,
              forward_to: forwardTo,
              signing_secret: signingSecret,
            }),
          );
        out(
          `Ready. Forwarding test-mode callbacks of ${businessId} to ` +
            `${forwardTo}${kinds?.length ? ` (${kinds.join(', ')})` : ''}.`,
        );
        out(`Signing secret: ${signingSecret} (the same on every run: verify webhook-signature with it)`);
        out('Ctrl-C stops.');
      },
      onForwarded: (callback, answer) => {
        if (options.json) {
          return out(
            JSON.stringify({
              webhook_id: callback.id,
              callback_type: callback.callback_type,
              event_type: callback.event_type,
              resource_id: callback.resource_id,
              status: answer.status ?? null,
              latency_ms: answer.latencyMs,
              ...(answer.error && { error: answer.error }),
            }),
          );
        }
        const result = answer.status !== undefined ? `[${answer.status}]` : `[failed: ${answer.error}]`;
        out(
          `${new Date().toISOString()}  ${callback.callback_type.padEnd(18)} ${callback.event_type} ` +
            `${callback.resource_id}  ${callback.id}  --> ${result} POST ${forwardTo} (${answer.latencyMs} ms)`,
        );
      },
      onGatewayTrouble: (message) =>
        process.stderr.write(
          `${options.json ? JSON.stringify({ warning: message }) : `Gateway unavailable: ${message}`}\n`,
        ),
    });
  });
}
