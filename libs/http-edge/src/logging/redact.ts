/**
 * What never reaches a log line: credentials, API keys and card numbers. Applied by the logger to
 * every message and field, so a careless `logger.log(...)` elsewhere cannot leak them either.
 * We prefer masking too much (a 13-digit phone number, an all-digit UUID segment) to too little.
 */

export const REDACTED = '[REDACTED]';

/** Field names whose values are secrets whatever they contain. */
const SENSITIVE_KEY =
  /authorization|cookie|password|passwd|secret|api[-_]?key|cvn|cvv|card[-_]?number|account[-_]?number|token/i;

/** `Basic <base64>` / `Bearer <token>` wherever they appear in text. */
const AUTH_CREDENTIALS = /\b(Basic|Bearer)\s+[A-Za-z0-9+/=._~-]+/gi;

/** `password=...`, `"cvn": "123"` and the like inside free text (error messages, SQL). */
const SECRET_ASSIGNMENTS = /\b(password|passwd|secret|cvn|cvv|card_cvn)(["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi;

/** The key formats of the public API (`xnd_development_...`, `xnd_public_production_...`): base64url, so `-` too. */
const API_KEYS = /\bxnd_[A-Za-z0-9_-]+/g;

/** Standard Webhooks signing secrets (`whsec_<base64>`), e.g. in a response body the request log keeps. */
const SIGNING_SECRETS = /\bwhsec_[A-Za-z0-9+/=]+/g;

/**
 * A run of 12 or more digits (card numbers are 12-19 digits), or digits grouped by fours with
 * spaces or dashes. Not a run inside a token of letters and digits: a hex id such as
 * `931d58ed989349589392eb26` (about one id in fifty has 12 digits in a row) is an id, and the
 * request log must keep it as the merchant saw it.
 */
const CARD_LIKE_DIGITS = /(?<![A-Za-z\d])\d{12,}(?![A-Za-z\d])|(?<![\d-])\d{4}([ -])\d{4}\1\d{4}\1\d{1,7}(?!\d)/g;

const MAX_FIELD_DEPTH = 6;

/** Keeps the last four digits, so support can still match a card the customer names. */
function maskDigits(run: string): string {
  let digitsToKeep = 4;
  let masked = '';
  for (let index = run.length - 1; index >= 0; index -= 1) {
    const char = run[index];
    const isDigit = char >= '0' && char <= '9';
    masked = (isDigit && digitsToKeep-- <= 0 ? '*' : char) + masked;
  }
  return masked;
}

/**
 * A cheap first look: text with none of these cannot match any pattern above, and most strings
 * (ids, names, statuses, times) have none, so they skip the four replacements (the request log
 * redacts every string of every body it keeps).
 */
const MIGHT_HOLD_A_SECRET = /basic|bearer|passw|secret|cvn|cvv|xnd_|whsec_|\d{4}[ -]?\d{4}/i;

export function redactText(text: string): string {
  if (!MIGHT_HOLD_A_SECRET.test(text)) return text;
  return text
    .replace(AUTH_CREDENTIALS, `$1 ${REDACTED}`)
    .replace(SECRET_ASSIGNMENTS, `$1$2${REDACTED}`)
    .replace(API_KEYS, `xnd_${REDACTED}`)
    .replace(SIGNING_SECRETS, `whsec_${REDACTED}`)
    .replace(CARD_LIKE_DIGITS, maskDigits);
}

/** A copy of `value` fit for a log line: secret fields replaced, strings masked, errors flattened, depth bounded. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return typeof value === 'bigint' ? value.toString() : value;
  if (depth >= MAX_FIELD_DEPTH) return '[...]';
  if (value instanceof Error) {
    return {
      name: value.name,
      message: redactText(value.message),
      ...(value.stack ? { stack: redactText(value.stack) } : {}),
    };
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = redactField(key, item, depth + 1);
  return copy;
}

/** The value of the field `key`, redacted: entirely when the name says it is a secret. */
export function redactField(key: string, value: unknown, depth = 0): unknown {
  return SENSITIVE_KEY.test(key) ? REDACTED : redactValue(value, depth);
}
