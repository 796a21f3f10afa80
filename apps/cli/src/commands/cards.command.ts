import { CardVault } from '@gateway/cards';
import type { Command } from 'commander';
import { withCliContext } from '../cli-context';
import { print } from '../output';

/** Card vault operations (docs/operations.md, "Card vault key"). */
export function registerCardCommands(program: Command): void {
  const cards = program.command('cards').description('The card vault');

  cards
    .command('reencrypt-vault')
    .description('Re-encrypt every stored card under the first CARD_VAULT_KEY entry (run after adding a new key first)')
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) =>
      withCliContext(async (app) => {
        const moved = await app.get(CardVault).reencryptAll();
        print(
          Boolean(options.json),
          { reencrypted: moved },
          () => `${moved} card(s) re-encrypted with the current key; cards under older keys left: 0`,
        );
      }),
    );
}
