import { CALLBACK_KINDS, type CallbackKind, GetCallbackEndpointQuery, SetCallbackUrlCommand } from '@gateway/accounts';
import { invalidRequest } from '@gateway/domain';
import { DeliveryLog } from '@gateway/webhooks';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Command } from 'commander';
import { withCliContext } from '../cli-context';
import { cliRequestContext, parseMode, print } from '../output';

/** Callback URLs and the delivery log, as `POST /callback_urls/{type}` and `/callback_deliveries` offer them. */
export function registerCallbackCommands(program: Command): void {
  const callbacks = program.command('callbacks').description('Callback URLs per kind, and the delivery log');

  callbacks
    .command('set-url <type> <url>')
    .description(`Set the callback URL of one kind (${CALLBACK_KINDS.join(', ')})`)
    .requiredOption('--business <businessId>')
    .requiredOption('--mode <mode>', 'test or live')
    .option('--json', 'machine-readable output')
    .action(async (type: string, url: string, options: { business: string; mode: string; json?: boolean }) =>
      withCliContext(async (app) => {
        const set = await app
          .get(CommandBus)
          .execute(
            new SetCallbackUrlCommand(
              options.business,
              parseMode(options.mode),
              parseKind(type),
              url,
              cliRequestContext(),
            ),
          );
        const wire = { callback_type: type, url: set.url, mode: options.mode };
        print(Boolean(options.json), wire, () => `${type} callbacks (${options.mode}) go to ${set.url}`);
      }),
    );

  callbacks
    .command('list')
    .description('Every kind with its URL, status and signing secret')
    .requiredOption('--business <businessId>')
    .requiredOption('--mode <mode>', 'test or live')
    .option('--json', 'machine-readable output')
    .action(async (options: { business: string; mode: string; json?: boolean }) =>
      withCliContext(async (app) => {
        const mode = parseMode(options.mode);
        const endpoints = await Promise.all(
          CALLBACK_KINDS.map((kind) =>
            app.get(QueryBus).execute(new GetCallbackEndpointQuery(options.business, mode, kind)),
          ),
        );
        const wire = endpoints.map((e) => ({
          callback_type: e.kind,
          url: e.url,
          disabled: e.disabled,
          signing_secret: e.signingSecret,
        }));
        print(Boolean(options.json), wire, () =>
          wire
            .map(
              (e) =>
                `${e.callback_type.padEnd(20)} ${e.url ?? '(not set)'}${e.disabled ? '  DISABLED (410 Gone)' : ''}`,
            )
            .join('\n'),
        );
      }),
    );

  callbacks
    .command('deliveries')
    .description('The newest deliveries, with their status and attempts')
    .requiredOption('--business <businessId>')
    .requiredOption('--mode <mode>', 'test or live')
    .option('--status <status>', 'pending, sending, succeeded or failed')
    .option('--limit <n>', 'how many (1-100)', '20')
    .option('--json', 'machine-readable output')
    .action(async (options: { business: string; mode: string; status?: string; limit: string; json?: boolean }) =>
      withCliContext(async (app) => {
        const page = await app.get(DeliveryLog).list(options.business, parseMode(options.mode), {
          status: options.status as never,
          limit: Math.min(100, Math.max(1, Number(options.limit) || 20)),
        });
        print(Boolean(options.json), page, () =>
          page.data
            .map(
              (d) =>
                `${d.id}  ${d.callback_type.padEnd(18)} ${d.status.padEnd(9)} attempts ${d.attempts}  ` +
                `${d.last_status_code ?? ''} ${d.url}`,
            )
            .join('\n'),
        );
      }),
    );

  callbacks
    .command('resend <deliveryId>')
    .description('Send one delivery again now, with the same webhook-id')
    .requiredOption('--business <businessId>')
    .requiredOption('--mode <mode>', 'test or live')
    .option('--json', 'machine-readable output')
    .action(async (deliveryId: string, options: { business: string; mode: string; json?: boolean }) =>
      withCliContext(async (app) => {
        const delivery = await app.get(DeliveryLog).resend(options.business, parseMode(options.mode), deliveryId);
        print(Boolean(options.json), delivery, () => `${delivery.id} is due now (a running worker sends it)`);
      }),
    );
}

function parseKind(text: string): CallbackKind {
  if (!(CALLBACK_KINDS as readonly string[]).includes(text))
    throw invalidRequest(`type must be one of ${CALLBACK_KINDS.join(', ')}`);
  return text as CallbackKind;
}
