import type { Mode } from '@gateway/clock';
import type { RequestContext } from '@gateway/runtime';
import { invalidRequest } from '@gateway/domain';
import { randomUUID } from 'node:crypto';

/** Prints either JSON (for scripts, `--json`) or human text. bigint values are printed as strings. */
export function print(json: boolean, value: unknown, human: () => string): void {
  if (json) {
    process.stdout.write(
      `${JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}\n`,
    );
  } else {
    process.stdout.write(`${human()}\n`);
  }
}

/** `90s`, `30m`, `2h`, `1d`, or plain milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(text.trim());
  if (!match) throw invalidRequest(`Not a duration: ${text} (use e.g. 90s, 30m, 2h, 1d)`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[
    (match[2] ?? 'ms') as 'ms' | 's' | 'm' | 'h' | 'd'
  ];
  return Number(match[1]) * unit;
}

export function parseMode(text: string): Mode {
  if (text !== 'test' && text !== 'live') throw invalidRequest(`--mode must be test or live, not ${text}`);
  return text;
}

/** Every CLI command is its own request: its events carry this id and the CLI as actor. */
export function cliRequestContext(): RequestContext {
  return { requestId: `cli_${randomUUID()}`, actor: 'system:cli' };
}
