import { CreateApiKeyCommand, ListApiKeysQuery, RevokeApiKeyCommand } from '@gateway/accounts';
import { invalidRequest, isPermission, type Permission } from '@gateway/domain';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Command } from 'commander';
import { withCliContext } from '../cli-context';
import { cliRequestContext, parseMode, print } from '../output';

export function registerKeyCommands(program: Command): void {
  const keys = program.command('keys').description('API keys (shown once, stored hashed)');

  keys
    .command('create')
    .requiredOption('--business <businessId>')
    .requiredOption('--mode <mode>', 'test or live')
    .option('--kind <kind>', 'secret or public', 'secret')
    .option('--name <name>', 'a label', 'CLI key')
    .option(
      '--permissions <list>',
      'comma-separated, e.g. money_in:read,money_in:write (default: all but settings:write and audit:read)',
    )
    .option('--json', 'machine-readable output')
    .action(
      async (options: {
        business: string;
        mode: string;
        kind: string;
        name: string;
        permissions?: string;
        json?: boolean;
      }) =>
        withCliContext(async (app) => {
          if (options.kind !== 'secret' && options.kind !== 'public')
            throw invalidRequest('--kind must be secret or public');
          const permissions = options.permissions
            ?.split(',')
            .map((p) => p.trim())
            .filter(Boolean)
            .map(toPermission);
          const created = await app
            .get(CommandBus)
            .execute(
              new CreateApiKeyCommand(
                options.business,
                parseMode(options.mode),
                options.kind,
                options.name,
                permissions,
                cliRequestContext(),
              ),
            );
          const wire = {
            key_id: created.keyId,
            key: created.key,
            mode: created.mode,
            kind: created.kind,
            name: created.name,
            permissions: created.permissions,
          };
          print(
            Boolean(options.json),
            wire,
            () =>
              `${created.keyId}: ${created.key}\n  permissions: ${created.permissions.join(', ') || '(public key)'}`,
          );
        }),
    );

  keys
    .command('list')
    .requiredOption('--business <businessId>')
    .option('--mode <mode>', 'test or live (default: both)')
    .option('--json', 'machine-readable output')
    .action(async (options: { business: string; mode?: string; json?: boolean }) =>
      withCliContext(async (app) => {
        const list = await app
          .get(QueryBus)
          .execute(new ListApiKeysQuery(options.business, options.mode ? parseMode(options.mode) : undefined));
        print(
          Boolean(options.json),
          list,
          () =>
            list
              .map(
                (k) =>
                  `${k.key_id}  ${k.mode.padEnd(4)} ${k.kind.padEnd(6)} ...${k.key_hint}  ` +
                  `${k.revoked ? `revoked ${k.revoked}` : 'active'}  ${k.name}`,
              )
              .join('\n') || '(no keys)',
        );
      }),
    );

  keys
    .command('revoke <keyId>')
    .requiredOption('--business <businessId>')
    .option('--json', 'machine-readable output')
    .action(async (keyId: string, options: { business: string; json?: boolean }) =>
      withCliContext(async (app) => {
        const revoked = await app
          .get(CommandBus)
          .execute(new RevokeApiKeyCommand(options.business, keyId, cliRequestContext()));
        print(Boolean(options.json), { key_id: revoked.keyId, revoked: revoked.revokedAt }, () => `Revoked ${keyId}`);
      }),
    );
}

function toPermission(value: string): Permission {
  if (!isPermission(value)) throw invalidRequest(`Unknown permission ${value}`);
  return value;
}
