import { ConfigError } from '@gateway/config';

/**
 * Runs a process entry point: a configuration error prints its lines and exits 2 (nothing to
 * retry until someone fixes the environment); any other start-up failure exits 1 with its stack.
 */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
