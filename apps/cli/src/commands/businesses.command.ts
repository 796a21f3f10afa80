import { AdvanceTestClockCommand, RegisterBusinessCommand } from '@gateway/accounts';
import { CommandBus } from '@nestjs/cqrs';
import type { Command } from 'commander';
import { randomUUID } from 'node:crypto';
import { withCliContext } from '../cli-context';
import { parseDuration, print } from '../output';

const cliContext = () => ({ requestId: `cli_${randomUUID()}`, actor: 'system:cli' });

export function registerBusinessCommands(program: Command): void {
  const businesses = program.command('businesses').description('Businesses (merchants)');
  businesses
    .command('register <name>')
    .description('Register a business')
    .option('--json', 'machine-readable output')
    .action(async (name: string, options: { json?: boolean }) =>
      withCliContext(async (app) => {
        const registered = await app.get(CommandBus).execute(new RegisterBusinessCommand(name, cliContext()));
        print(Boolean(options.json), registered, () => `Registered ${registered.name}: ${registered.businessId}`);
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
        const advanced = await app.get(CommandBus).execute(new AdvanceTestClockCommand(businessId, parseDuration(duration), cliContext()));
        print(Boolean(options.json), advanced, () => `Test clock of ${businessId} is now ${advanced.offsetMs} ms ahead of real time`);
      }),
    );
}
