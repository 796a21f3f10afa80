import type { LoggerService, LogLevel } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { nestLogLevels } from '../../config/log-levels';
import { currentLogContext } from './log-context';
import { redactField, redactText } from './redact';

/** The `level` written in each line, per Nest level. */
const LEVEL_NAMES: Record<LogLevel, string> = { fatal: 'fatal', error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' };

/** Keys of the line itself; fields cannot overwrite them. */
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
 * The process logger: one JSON object per line (`time`, `level`, `context`, `requestId` when known,
 * `message`, then any fields), every message and field passed through the redaction rules.
 * Used by Nest itself (`NestFactory.create(..., { logger })`) and by the HTTP edge.
 */
export class JsonLogger implements LoggerService {
  private enabled: Set<LogLevel>;
  private readonly writeLine: (line: string) => void;
  private readonly pretty: boolean;

  constructor(options: JsonLoggerOptions = {}) {
    this.enabled = new Set(nestLogLevels(options.level ?? 'info'));
    this.writeLine = options.write ?? ((line) => process.stdout.write(`${line}\n`));
    this.pretty = options.pretty ?? false;
  }

  isEnabled(level: LogLevel): boolean {
    return this.enabled.has(level);
  }

  setLogLevels(levels: LogLevel[]): void {
    this.enabled = new Set(levels);
  }

  /** A structured line: `fields` become top-level keys. */
  entry(level: LogLevel, context: string, message: string, fields: LogFields = {}): void {
    if (!this.enabled.has(level)) return;
    const requestId = typeof fields.requestId === 'string' ? fields.requestId : currentLogContext()?.requestId;
    const line: LogFields = { time: new Date().toISOString(), level: LEVEL_NAMES[level], context, ...(requestId ? { requestId } : {}), message: redactText(message) };
    for (const [key, value] of Object.entries(fields)) {
      if (!RESERVED_KEYS.has(key) && value !== undefined) line[key] = redactField(key, value);
    }
    this.writeLine(this.pretty ? prettyLine(line) : safeStringify(line));
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
    if (!this.enabled.has(level)) return;
    const params = [...optionalParams];
    const context = params.length > 0 && typeof params[params.length - 1] === 'string' ? (params.pop() as string) : 'App';
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

/** Log lines must never throw: cycles and odd values become strings. */
function safeStringify(line: LogFields): string {
  try {
    return JSON.stringify(line);
  } catch {
    return JSON.stringify({ time: line.time, level: line.level, context: line.context, requestId: line.requestId, message: line.message, note: 'fields not serialisable' });
  }
}

function prettyLine(line: LogFields): string {
  const { time, level, context, requestId, message, ...fields } = line;
  const rest = Object.entries(fields).map(([key, value]) => `${key}=${typeof value === 'string' ? value : safeJson(value)}`);
  const head = `${String(time).slice(11, 23)} ${String(level).toUpperCase().padEnd(5)} [${String(context)}]${requestId ? ` ${String(requestId)}` : ''}`;
  return [head, message, ...rest].filter((part) => part !== '').join(' ');
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
