import type { LogLevel } from '@nestjs/common';

const ORDER: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
const THRESHOLD: Record<'debug' | 'info' | 'warn' | 'error' | 'silent', number> = {
  silent: -1,
  error: 1,
  warn: 2,
  info: 3,
  debug: 5,
};

/** Nest log levels for LOG_LEVEL (`info` shows Nest's `log` level; `debug` adds PostgreSQL's own log). */
export function nestLogLevels(level: keyof typeof THRESHOLD): LogLevel[] {
  return ORDER.slice(0, THRESHOLD[level] + 1);
}
