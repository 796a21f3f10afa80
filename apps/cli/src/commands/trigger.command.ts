import { invalidRequest } from '@gateway/domain';
import type { Command } from 'commander';
import { randomUUID } from 'node:crypto';
import { type ConnectionOptions, gatewayClientOf, withConnectionOptions } from '../http/connection-options';
import { TRIGGERS, triggerNamed } from '../triggers/trigger-catalog';

interface TriggerCommandOptions extends ConnectionOptions {
  json?: boolean;
}

/**
 * `trigger <name>` (Stripe's `stripe trigger`): makes the test-mode events after which the gateway
 * sends a callback of one kind, through the public API and its simulators. With `listen` running
 * (or a callback URL set) the callback reaches the receiver.
 */
export function registerTriggerCommand(program: Command): void {
  withConnectionOptions(
    program
      .command('trigger [name]')
      .description('Make test-mode events that send a callback; without a name, list the triggers')
      .option('--json', 'machine-readable output')
      .addHelpText(
        'after',
        `\nTriggers:\n` +
          `${TRIGGERS.map(
            (trigger) => `  ${trigger.name.padEnd(30)} ${trigger.callbackKind.padEnd(19)} ${trigger.description}`,
          ).join('\n')}`,
      ),
  ).action(async (name: string | undefined, options: TriggerCommandOptions) => {
    const out = (line: string) => process.stdout.write(`${line}\n`);
    if (!name) {
      if (options.json)
        out(
          JSON.stringify(
            TRIGGERS.map((t) => ({ name: t.name, callback_type: t.callbackKind, description: t.description })),
          ),
        );
      else
        out(
          TRIGGERS.map(
            (trigger) => `${trigger.name.padEnd(30)} ${trigger.callbackKind.padEnd(19)} ${trigger.description}`,
          ).join('\n'),
        );
      return;
    }
    const trigger = triggerNamed(name);
    if (!trigger) throw invalidRequest(`No trigger ${name}; one of: ${TRIGGERS.map((t) => t.name).join(', ')}`);
    const client = gatewayClientOf(options);
    const tag = `trigger-${randomUUID().slice(0, 12)}`;
    const result = await trigger.run(client, tag);
    if (options.json) {
      out(
        JSON.stringify({
          trigger: trigger.name,
          callback_type: trigger.callbackKind,
          resource_id: result.resourceId,
          steps: result.steps,
          ...(result.note && { note: result.note }),
        }),
      );
      return;
    }
    for (const step of result.steps) out(`  ${step}`);
    out(`Triggered ${trigger.name}: a ${trigger.callbackKind} callback about ${result.resourceId} is on its way.`);
    if (result.note) out(result.note);
  });
}
