/**
 * The text PostgreSQL's `jsonb::text` gives for a JSON value, computed in TypeScript, so an
 * event's chain hash is the same whether the SQL append function (PostgreSQL adapter) or the
 * client (EventStoreDB adapter, the verifier) computes it. jsonb's rendering is canonical:
 * object keys sorted by byte length then bytes, `": "` and `", "` separators, numbers as plain
 * decimals. `canonical-json.spec.ts` checks it against PostgreSQL on generated values.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return plainDecimal(value);
    case 'string':
      return quote(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(', ')}]`;
      const entries = Object.entries(value as Record<string, unknown>).filter(
        ([, v]) => v !== undefined && typeof v !== 'function',
      );
      entries.sort(([a], [b]) => compareJsonbKeys(a, b));
      return `{${entries.map(([key, v]) => `${quote(key)}: ${canonicalJson(v)}`).join(', ')}}`;
    }
    default:
      throw new TypeError(`Not a JSON value: ${typeof value}`);
  }
}

/** jsonb orders keys by length in bytes first, then bytewise. */
function compareJsonbKeys(a: string, b: string): number {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) return left.length - right.length;
  return Buffer.compare(left, right);
}

/** PostgreSQL's escape_json: only `"`, `\` and control characters are escaped. */
function quote(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '"') out += '\\"';
    else if (char === '\\') out += '\\\\';
    else if (char === '\b') out += '\\b';
    else if (char === '\f') out += '\\f';
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return `${out}"`;
}

/**
 * A JS number as PostgreSQL's numeric prints it: JSON.stringify's shortest form, with any
 * exponent expanded (`1e+21` → `1000000000000000000000`, `1.5e-7` → `0.00000015`).
 */
export function plainDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new TypeError(`Not a JSON number: ${value}`);
  const text = String(value === 0 ? 0 : value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = '', exponentText] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponentText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
