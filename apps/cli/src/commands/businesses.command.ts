import { AdvanceTestClockCommand, ProvisionBusinessCommand } from '@gateway/accounts';
import { CommandBus } from '@nestjs/cqrs';
import type { Command } from 'commander';
import { withCliContext } from '../cli-context';
import { cliRequestContext, parseDuration, print } from '../output';

export function registerBusinessCommands(program: Command): void {
  const businesses = program.command('businesses').description('Businesses (merchants)');
  businesses
    .command('create')
    .description('Register a business with an owner secret key, a public key and a callback token per mode')
    .requiredOption('--name <name>', 'business name')
    .option('--platform', 'give it the sub-account platform feature')
    .option('--parent <businessId>', 'register it as a sub-account of this platform business')
    .option('--json', 'machine-readable output')
    .action(async (options: { name: string; platform?: boolean; parent?: string; json?: boolean }) =>
      withCliContext(async (app) => {
        const created = await app.get(CommandBus).execute(
          new ProvisionBusinessCommand(options.name, cliRequestContext(), {
            isPlatform: options.platform,
            parentBusinessId: options.parent,
          }),
        );
        print(Boolean(options.json), created, () =>
          [
            `Business ${created.name}: ${created.business_id}${created.is_platform ? ' (platform)' : ''}` +
              `${created.parent_business_id ? ` (sub-account of ${created.parent_business_id})` : ''}`,
            `  test secret key:     ${created.test.secret_key}`,
            `  test public key:     ${created.test.public_key}`,
            `  test callback token: ${created.test.callback_token}`,
            `  live secret key:     ${created.live.secret_key}`,
            `  live public key:     ${created.live.public_key}`,
            `  live callback token: ${created.live.callback_token}`,
            'Keys are shown once; they are stored hashed.',
          ].join('\n'),
        );
      }),
    );

  program
    .command('test-clock')
    .description("A business's test-mode clock")
    .command('advance <businessId> <duration>')
    .description('Move the test clock forward (e.g. 2h, 1d); jobs that become due run at once')
    .option('--json', 'machine-readable output')
    .action(async (businessId: string, duration: string, options: { json?: boolean }) =>
      withCliContext(async (app) => {
        const advanced = await app
          .get(CommandBus)
          .execute(new AdvanceTestClockCommand(businessId, parseDuration(duration), cliRequestContext()));
        print(
          Boolean(options.json),
          advanced,
          () => `Test clock of ${businessId} is now ${advanced.offsetMs} ms ahead of real time`,
        );
      }),
    );
}
