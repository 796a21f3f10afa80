import { CreateDashboardUserCommand, isDashboardRole, ListDashboardUsersQuery } from '@gateway/dashboard';
import { invalidRequest } from '@gateway/domain';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Command } from 'commander';
import { withCliContext } from '../cli-context';
import { cliRequestContext, print } from '../output';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

export function registerDashboardCommands(program: Command): void {
  const dashboard = program.command('dashboard').description('Merchant dashboard');
  const users = dashboard.command('users').description('Dashboard users (passwords stored as scrypt hashes)');

  users
    .command('create')
    .requiredOption('--business <businessId>')
    .requiredOption('--email <email>')
    .option('--role <role>', 'admin, developer, finance or viewer', 'admin')
    .option('--password-stdin', 'read the password from stdin instead of generating a one-time password')
    .option('--json', 'machine-readable output')
    .action(
      async (options: { business: string; email: string; role: string; passwordStdin?: boolean; json?: boolean }) => {
        if (!isDashboardRole(options.role)) throw invalidRequest('--role must be admin, developer, finance or viewer');
        const role = options.role;
        const password = options.passwordStdin ? await readStdin() : undefined;
        await withCliContext(async (app) => {
          const created = await app
            .get(CommandBus)
            .execute(
              new CreateDashboardUserCommand(options.business, options.email, role, password, cliRequestContext()),
            );
          const wire = {
            user_id: created.userId,
            business_id: created.businessId,
            email: created.email,
            role: created.role,
            one_time_password: created.oneTimePassword,
          };
          print(Boolean(options.json), wire, () =>
            [
              `Created ${created.role} ${created.email} (${created.userId})`,
              ...(created.oneTimePassword ? [`  one-time password (shown once): ${created.oneTimePassword}`] : []),
            ].join('\n'),
          );
        });
      },
    );

  users
    .command('list')
    .requiredOption('--business <businessId>')
    .option('--json', 'machine-readable output')
    .action(async (options: { business: string; json?: boolean }) =>
      withCliContext(async (app) => {
        const list = await app.get(QueryBus).execute(new ListDashboardUsersQuery(options.business));
        print(
          Boolean(options.json),
          list,
          () => list.map((user) => `${user.userId}  ${user.role.padEnd(9)} ${user.email}`).join('\n') || '(no users)',
        );
      }),
    );
}
