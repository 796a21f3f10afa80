import type { LoggerService, LogLevel } from '@nestjs/common';
import pino, { type DestinationStream, type Level, type Logger, type LoggerOptions } from 'pino';
import type { AppConfig } from '@gateway/config';
import { currentLogContext } from './log-context';
import { prettyLine } from './pretty-line';
import { redactField, redactText } from './redact';

/** pino's level for each Nest level (the `level` written in each line). */
const PINO_LEVELS: Record<LogLevel, Level> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/** Nest's levels from the most to the least verbose: `setLogLevels` keeps the most verbose one given. */
const MOST_VERBOSE_FIRST: LogLevel[] = ['verbose', 'debug', 'log', 'warn', 'error', 'fatal'];

/** Keys of the line itself; fields cannot overwrite them (`requestId` only with a string). */
const RESERVED_KEYS = new Set(['time', 'level', 'context', 'requestId', 'message']);

export type LogFields = Record<string, unknown>;

export interface JsonLoggerOptions {
  /** LOG_LEVEL; `info` when not given. */
  level?: AppConfig['LOG_LEVEL'];
  /** Where each finished line goes (without the newline); stdout by default. Tests capture lines here. */
  write?: (line: string) => void;
  /** One short human line instead of JSON (main.ts turns it on when stdout is a terminal). */
  pretty?: boolean;
}

/**
 * The process logger, on pino: one JSON object per line (`level`, `time`, `requestId` when known,
 * `context`, then any fields, `message` last), every message and field passed through the
 * redaction rules (`redact.ts`) inside pino itself, so `logger.pino` and its children obey them
 * too. Nest's LoggerService bridge: Nest (`NestFactory.create(..., { logger })`,
 * `Logger.overrideLogger`) and the HTTP edge write through it.
 */
export class JsonLogger implements LoggerService {
  /** The pino instance, for code that wants pino's own API (child loggers, `isLevelEnabled`). */
  readonly pino: Logger;

  constructor(options: JsonLoggerOptions = {}) {
    this.pino = pino(pinoOptions(options.level ?? 'info'), destinationOf(options));
  }

  isEnabled(level: LogLevel): boolean {
    return this.pino.isLevelEnabled(PINO_LEVELS[level]);
  }

  setLogLevels(levels: LogLevel[]): void {
    const mostVerbose = MOST_VERBOSE_FIRST.find((level) => levels.includes(level));
    this.pino.level = mostVerbose ? PINO_LEVELS[mostVerbose] : 'silent';
  }

  /** A structured line: `fields` become top-level keys. */
  entry(level: LogLevel, context: string, message: string, fields: LogFields = {}): void {
    const pinoLevel = PINO_LEVELS[level];
    if (!this.pino.isLevelEnabled(pinoLevel)) return;
    const line: LogFields = { context };
    if (typeof fields.requestId === 'string') line.requestId = fields.requestId;
    for (const [key, value] of Object.entries(fields)) {
      if (!RESERVED_KEYS.has(key) && value !== undefined) line[key] = value;
    }
    this.pino[pinoLevel](line, message);
  }

  log(message: unknown, ...optionalParams: unknown[]): void {
    this.fromNest('log', message, optionalParams);
  }

  error(message: unknown, ...optionalParams: unknown[]): void {
    this.fromNest('error', message, optionalParams);
  }

  warn(message: unknown, ...optionalParams: unknown[]): void {
    this.fromNest('warn', message, optionalParams);
  }

  debug(message: unknown, ...optionalParams: unknown[]): void {
    this.fromNest('debug', message, optionalParams);
  }

  verbose(message: unknown, ...optionalParams: unknown[]): void {
    this.fromNest('verbose', message, optionalParams);
  }

  fatal(message: unknown, ...optionalParams: unknown[]): void {
    this.fromNest('fatal', message, optionalParams);
  }

  /**
   * Nest calls `log(message, context)` and `error(message, stack, context)`; the context is the last
   * string argument. An Error or an object as the message becomes fields.
   */
  private fromNest(level: LogLevel, message: unknown, optionalParams: unknown[]): void {
    if (!this.isEnabled(level)) return;
    const params = [...optionalParams];
    const last = params[params.length - 1];
    const context = typeof last === 'string' ? (params.pop() as string) : 'App';
    const fields: LogFields = {};
    for (const param of params) {
      if (typeof param === 'string') fields.stack = param;
      else if (param instanceof Error) fields.error = param;
      else if (typeof param === 'object' && param !== null) Object.assign(fields, param);
    }
    if (message instanceof Error) {
      this.entry(level, context, message.message, { ...fields, error: message });
    } else if (typeof message === 'object' && message !== null) {
      this.entry(level, context, '', { ...fields, ...(message as LogFields) });
    } else {
      this.entry(level, context, String(message), fields);
    }
  }
}

/**
 * The line shape the docs and log collectors rely on: `time` as ISO-8601, `level` as a name,
 * `message` (not pino's `msg`), no pid/hostname. Redaction runs in pino's hooks: the message in
 * `logMethod`, every field in `formatters.log` (pino's own `redact` option takes fixed paths only;
 * our rules also mask card numbers and keys inside any text). pino does not pass a child's
 * bindings through any hook: give `logger.pino.child(...)` identifiers only, data goes in fields.
 */
function pinoOptions(level: AppConfig['LOG_LEVEL']): LoggerOptions {
  return {
    level,
    base: undefined,
    messageKey: 'message',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      log: redactFields,
    },
    hooks: {
      logMethod(args, method) {
        const redacted = args.map((arg: unknown) => (typeof arg === 'string' ? redactText(arg) : arg));
        method.apply(this, redacted as Parameters<typeof method>);
      },
    },
    // The request id of the log context (LOG_REQUEST_CONTEXT); a field given explicitly wins.
    mixin: () => {
      const requestId = currentLogContext()?.requestId;
      return requestId ? { requestId } : {};
    },
  };
}

function redactFields(object: LogFields): LogFields {
  const redacted: LogFields = {};
  for (const [key, value] of Object.entries(object)) redacted[key] = redactField(key, value);
  return redacted;
}

/**
 * stdout through pino's synchronous destination (a crash's last lines are not lost in a buffer),
 * or the caller's `write`; pretty mode reformats each JSON line for a person at a terminal.
 */
function destinationOf(options: JsonLoggerOptions): DestinationStream {
  const stdout = options.write ? undefined : pino.destination({ dest: 1, sync: true });
  const writeLine = options.write ?? ((line: string) => stdout!.write(`${line}\n`));
  if (!options.pretty && stdout) return stdout;
  return {
    write: (chunk: string) => {
      const line = chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk;
      writeLine(options.pretty ? prettyLine(line) : line);
    },
  };
}
