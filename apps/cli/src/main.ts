import 'reflect-metadata';
import { DomainError } from '@gateway/domain';
import { ConfigError } from '@gateway/config';
import { Command } from 'commander';
import { registerBusinessCommands } from './commands/businesses.command';
import { registerKeyCommands } from './commands/keys.command';
import { registerSettingsCommands } from './commands/settings.command';
import { registerCallbackCommands } from './commands/callbacks.command';
import { registerProjectionCommands } from './commands/projections.command';
import { registerLedgerCommands } from './commands/ledger.command';
import { registerCardCommands } from './commands/cards.command';
import { registerEventCommands } from './commands/events.command';
import { registerAuditCommands } from './commands/audit.command';
import { registerDashboardCommands } from './commands/dashboard.command';
import { registerListenCommand } from './commands/listen.command';
import { registerTriggerCommand } from './commands/trigger.command';
import { registerLogsCommands } from './commands/logs.command';

/** `npm run cli -- <command>`: operator and auditor commands (`--help` lists them). */
const program = new Command('gateway')
  .description('Operator and auditor commands of the payment gateway')
  .showHelpAfterError();
registerProjectionCommands(program);
registerBusinessCommands(program);
registerKeyCommands(program);
registerSettingsCommands(program);
registerCallbackCommands(program);
registerLedgerCommands(program);
registerCardCommands(program);
registerEventCommands(program);
registerAuditCommands(program);
registerDashboardCommands(program);
// Developer tools over the public API (a running gateway and a secret key, no database access).
registerListenCommand(program);
registerTriggerCommand(program);
registerLogsCommands(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else if (error instanceof DomainError)
    process.stderr.write(`${JSON.stringify({ error_code: error.code, message: error.message })}\n`);
  else process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
