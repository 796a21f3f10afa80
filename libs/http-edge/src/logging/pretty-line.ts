/**
 * A JSON log line as a short human line (`12:00:01.234 WARN  [Edge] req_1 slow durationMs=5`),
 * for a person watching the terminal. Never throws: a line that is not JSON is shown as it is.
 */
export function prettyLine(json: string): string {
  let line: Record<string, unknown>;
  try {
    line = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const { time, level, context, requestId, message, ...fields } = line;
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  const rest = Object.entries(fields).map(([key, value]) => `${key}=${text(value)}`);
  const where = `[${text(context ?? 'App')}]${requestId ? ` ${text(requestId)}` : ''}`;
  const head = `${String(time).slice(11, 23)} ${String(level).toUpperCase().padEnd(5)} ${where}`;
  return [head, message, ...rest].filter((part) => part !== '' && part !== undefined).join(' ');
}
