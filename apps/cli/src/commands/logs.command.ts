import type { Command } from 'commander';
import {
  type ConnectionOptions,
  gatewayClientOf,
  untilInterrupted,
  withConnectionOptions,
} from '../http/connection-options';
import { type RequestLogLine, tailRequestLog } from '../logs/tail-loop';
import { parseDuration } from '../output';

interface TailCommandOptions extends ConnectionOptions {
  statusClass?: string;
  status?: string;
  method?: string;
  route?: string;
  errorCode?: string;
  requestId?: string;
  interval: string;
  json?: boolean;
}

/**
 * `logs tail`: the API request log of the key's business and mode, followed as it grows (Stripe's `stripe logs tail`).
 */
export function registerLogsCommands(program: Command): void {
  const logs = program.command('logs').description('The API request log (GET /request_logs)');
  withConnectionOptions(
    logs
      .command('tail')
      .description('Print new API requests of the business as they happen (needs a key with audit:read)')
      .option('--status-class <class>', '2xx, 3xx, 4xx or 5xx')
      .option('--status <status>', 'one HTTP status, e.g. 404')
      .option('--method <method>', 'GET, POST, PATCH, PUT or DELETE')
      .option('--route <route>', 'a route as declared, e.g. /v2/invoices/:id')
      .option('--error-code <code>', 'e.g. API_VALIDATION_ERROR')
      .option('--request-id <id>', 'one request')
      .option('--interval <duration>', 'how often to look (e.g. 500ms, 2s)', '1s')
      .option('--json', 'one JSON object per line'),
  ).action(async (options: TailCommandOptions) => {
    const client = gatewayClientOf(options);
    const out = (line: string) => process.stdout.write(`${line}\n`);
    await tailRequestLog(client, {
      filters: {
        status_class: options.statusClass,
        status: options.status,
        method: options.method?.toUpperCase(),
        route: options.route,
        error_code: options.errorCode,
        request_id: options.requestId,
      },
      intervalMs: Math.max(100, parseDuration(options.interval)),
      signal: untilInterrupted(),
      // On stderr: stdout carries only log lines (JSON lines with --json).
      onReady: () => process.stderr.write(`Tailing the request log of ${client.baseUrl} (Ctrl-C stops).\n`),
      onLine: (line) => out(options.json ? JSON.stringify(line) : humanLine(line)),
      onGatewayTrouble: (message) => process.stderr.write(`Gateway unavailable: ${message}\n`),
    });
  });
}

function humanLine(line: RequestLogLine): string {
  const outcome = `${line.status}${line.error_code ? ` ${line.error_code}` : ''}`;
  return (
    `${line.created}  ${line.method.padEnd(6)} ${line.path}  ${outcome}  ${line.latency_ms} ms  ` +
    `${line.request_id}  ${line.key_id}`
  );
}
