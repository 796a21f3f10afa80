import { EDGE_ERROR_CODES } from '@gateway/http-edge';
import {
  ACCOUNT_ERROR_CODES,
  GetSettingsQuery,
  settingsToWire,
  toSettingsChanges,
  UpdateSettingsCommand,
  UpdateSettingsRequestDto,
} from '@gateway/accounts';
import { invalidRequest } from '@gateway/domain';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { Command } from 'commander';
import { withCliContext } from '../cli-context';
import { cliRequestContext, parseMode, print } from '../output';

export function registerSettingsCommands(program: Command): void {
  const settings = program
    .command('settings')
    .description("A business's per-mode settings (what the spec leaves to the dashboard)");

  settings
    .command('get')
    .requiredOption('--business <businessId>')
    .requiredOption('--mode <mode>', 'test or live')
    .option('--json', 'machine-readable output')
    .action(async (options: { business: string; mode: string; json?: boolean }) =>
      withCliContext(async (app) => {
        const view = await app.get(QueryBus).execute(new GetSettingsQuery(options.business, parseMode(options.mode)));
        if (!view)
          throw ACCOUNT_ERROR_CODES.error('BUSINESS_NOT_FOUND_ERROR', `Business ${options.business} does not exist`);
        const wire = {
          business_id: options.business,
          mode: view.mode,
          ...settingsToWire(view.settings),
          callback_token: view.callbackToken,
        };
        print(Boolean(options.json), wire, () => JSON.stringify(wire, null, 2));
      }),
    );

  settings
    .command('set <changes>')
    .description('Apply a JSON object of changes, same fields as PATCH /settings; null removes a setting')
    .requiredOption('--business <businessId>')
    .requiredOption('--mode <mode>', 'test or live')
    .option('--json', 'machine-readable output')
    .action(async (changesJson: string, options: { business: string; mode: string; json?: boolean }) =>
      withCliContext(async (app) => {
        const dto = parseChanges(changesJson);
        const result = await app
          .get(CommandBus)
          .execute(
            new UpdateSettingsCommand(
              options.business,
              parseMode(options.mode),
              toSettingsChanges(dto),
              cliRequestContext(),
            ),
          );
        const wire = { business_id: options.business, mode: options.mode, ...settingsToWire(result) };
        print(Boolean(options.json), wire, () => JSON.stringify(wire, null, 2));
      }),
    );
}

/** The same validation as the HTTP API's DTO. */
function parseChanges(text: string): UpdateSettingsRequestDto {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw EDGE_ERROR_CODES.error('INVALID_JSON_FORMAT', 'Settings changes must be a JSON object');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw invalidRequest('Settings changes must be a JSON object');
  const dto = plainToInstance(UpdateSettingsRequestDto, raw);
  const errors = validateSync(dto, { whitelist: true });
  if (errors.length > 0) {
    throw invalidRequest(
      errors.flatMap((e) => Object.values(e.constraints ?? { [e.property]: `${e.property} is invalid` })).join('; '),
    );
  }
  return dto;
}
