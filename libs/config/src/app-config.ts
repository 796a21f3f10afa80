import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  Min,
  ValidateBy,
  ValidateIf,
  validateSync,
  Matches,
} from 'class-validator';
import { isTrustProxyEntry, parseTrustProxyList } from './trust-proxy';
import { parseByteSize } from './byte-size';

/**
 * Under load a projection reads the log at most every 30 ms, unless a read-your-writes wait in its
 * process is waiting for it. A worker of its own: 336–358 → 392–510 charges/s with two api processes
 * on 2 cores (docs/benchmarks.md, "Where (b)'s extra CPU went"); in `api --with-worker`, since
 * batches leave in one round trip, unpaced runners committed batches three times smaller
 * (docs/benchmarks.md, "Fifth cut").
 */
export const DEFAULT_PROJECTION_READ_INTERVAL_MS = 30;

/** 1 MiB: far above any JSON request of the spec; file uploads have their own limits. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
const BODY_LIMIT_MESSAGE =
  'BODY_LIMIT must be a size between 1kb and 100mb, in bytes or with a kb or mb suffix (e.g. 1mb)';
/** Enough for any single resource of the API; longer bodies (lists) keep their first 8 KB. */
export const DEFAULT_REQUEST_LOG_BODY_LIMIT = 8 * 1024;
const REQUEST_LOG_BODY_LIMIT_MESSAGE =
  'REQUEST_LOG_BODY_LIMIT must be a size between 256 bytes and 1mb, in bytes or with a kb or mb suffix (e.g. 8kb)';

/**
 * Every setting the gateway reads from the environment, validated once at start.
 * A bad value stops the process with one clear line per problem, never a crash later.
 */
export class AppConfig {
  @IntegerSetting(1, 65535, 3000) PORT = 3000;

  /** A dashboard session unused this long is over (sign in again). */
  @IntegerSetting(1, 1440, 30) DASHBOARD_SESSION_IDLE_MINUTES = 30;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, {
    message:
      'DATABASE_URL must be a postgres:// or postgresql:// connection URL (unset it to use the embedded PostgreSQL)',
  })
  DATABASE_URL?: string;

  /**
   * A pooled PostgreSQL connection idle this long is closed (0: never). Opening one again costs the
   * database a backend and an authentication (tens of ms), so a pool that closes its connections
   * after pg's 10 s pays that again at every burst after a lull (docs/decisions.md, "Pooled
   * connections kept for five minutes").
   */
  @IntegerSetting(0, 86_400, 300) DATABASE_POOL_IDLE_SECONDS = 300;

  @Transform(({ value }: { value: unknown }) => (value === undefined || value === '' ? './.data' : value))
  @IsString()
  DATA_DIR = './.data';

  @Transform(({ value }: { value: unknown }) => (value === undefined || value === '' ? 'postgres' : value))
  @IsIn(['postgres', 'eventstoredb'], { message: 'EVENT_STORE must be "postgres" or "eventstoredb"' })
  EVENT_STORE: 'postgres' | 'eventstoredb' = 'postgres';

  @ValidateIf(
    (config: AppConfig) => config.EVENT_STORE === 'eventstoredb' || config.EVENTSTORE_CONNECTION_STRING !== undefined,
  )
  @Matches(/^esdb(\+discover)?:\/\/\S+$/, {
    message:
      'EVENTSTORE_CONNECTION_STRING must be an esdb:// or ' +
      'esdb+discover:// URL (required when EVENT_STORE=eventstoredb)',
  })
  EVENTSTORE_CONNECTION_STRING?: string;

  @Transform(({ value }: { value: unknown }) => (value === undefined || value === '' ? 'info' : value))
  @IsIn(['debug', 'info', 'warn', 'error', 'silent'], {
    message: 'LOG_LEVEL must be one of debug, info, warn, error, silent',
  })
  LOG_LEVEL: 'debug' | 'info' | 'warn' | 'error' | 'silent' = 'info';

  /**
   * Refuse plain-HTTP requests (403 TLS_REQUIRED_ERROR; /health, /ready and /metrics excepted).
   * Unset: true when NODE_ENV=production, false otherwise (loopback development uses HTTP).
   */
  @Transform(({ value }: { value: unknown }) => parseBoolean(value))
  @IsBoolean({ message: 'REQUIRE_TLS must be true or false' })
  REQUIRE_TLS = false;

  /**
   * Stamp the request id on log lines written inside handlers too (the access log and error
   * reports always carry it). Off by default: on Node 20 the AsyncLocalStorage behind it turns on
   * promise hooks for every promise, which cost the edge about a tenth of its throughput.
   */
  @Transform(({ value }: { value: unknown }) => (value === undefined || value === '' ? false : parseBoolean(value)))
  @IsBoolean({ message: 'LOG_REQUEST_CONTEXT must be true or false' })
  LOG_REQUEST_CONTEXT = false;

  /**
   * Proxies whose `X-Forwarded-Proto` / `X-Forwarded-For` are believed: comma-separated IP
   * addresses, CIDR ranges or `loopback`/`linklocal`/`uniquelocal`. Unset: no proxy is trusted.
   */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? parseTrustProxyList(value) : value))
  @ValidateBy(
    {
      name: 'isTrustProxyList',
      validator: {
        validate: (value: unknown) =>
          Array.isArray(value) && value.every((entry) => typeof entry === 'string' && isTrustProxyEntry(entry)),
      },
    },
    {
      message:
        'TRUST_PROXY must be a comma-separated list of IP addresses, CIDR ranges (10.0.0.0/8) or loopback, ' +
        'linklocal, uniquelocal',
    },
  )
  TRUST_PROXY: string[] = [];

  /** Largest JSON or form body accepted, in bytes (`1048576`, `512kb`, `1mb`); larger ones get 413. */
  @Transform(({ value }) => (value === undefined || value === '' ? DEFAULT_BODY_LIMIT : parseByteSize(String(value))))
  @IsInt({ message: BODY_LIMIT_MESSAGE })
  @Min(1024, { message: BODY_LIMIT_MESSAGE })
  @Max(100 * 1024 * 1024, { message: BODY_LIMIT_MESSAGE })
  BODY_LIMIT = DEFAULT_BODY_LIMIT;

  /*
   * Rate limits (spec "Limits"). Each quota applies per window; the window is a minute unless
   * RATE_LIMIT_WINDOW_SECONDS shortens it, which tests do.
   */
  @IntegerSetting(1, 1_000_000_000, 3000) RATE_LIMIT_TEST_PER_MINUTE = 3000;
  @IntegerSetting(1, 1_000_000_000, 6000) RATE_LIMIT_LIVE_PER_MINUTE = 6000;
  @IntegerSetting(1, 1_000_000_000, 18_000) RATE_LIMIT_IP_PER_MINUTE = 18_000;
  @IntegerSetting(1, 3600, 60) RATE_LIMIT_WINDOW_SECONDS = 60;

  /**
   * How long a keyed request's claim on its idempotency key holds before a retry with the same key
   * and parameters may take it over, its process presumed dead or hung. The retry re-executes the
   * request safely (it meets its own committed effect, docs/reliability.md), so this only bounds
   * how long a crashed request's retries are answered 409 IDEMPOTENCY_KEY_IN_PROGRESS_ERROR.
   */
  @IntegerSetting(100, 600_000, 10_000) IDEMPOTENCY_LEASE_MS = 10_000;

  /** Most requests a process reserves per database round trip (1 = one round trip per request). */
  @IntegerSetting(1, 1000, 50) RATE_LIMIT_LEASE_SIZE = 50;

  /**
   * The gateway's address as merchants and payers reach it, for absolute links it hands out
   * (report downloads, hosted pages). Unset: http://localhost:PORT.
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, {
    message: 'PUBLIC_BASE_URL must be an http(s) URL without query or fragment, e.g. https://pay.example.com',
  })
  PUBLIC_BASE_URL?: string;

  /** PUBLIC_BASE_URL without a trailing slash, or the local default. */
  publicBaseUrl(): string {
    return (this.PUBLIC_BASE_URL ?? `http://localhost:${this.PORT}`).replace(/\/+$/, '');
  }

  /**
   * Settlement delay per channel over the ledger's defaults: `CREDIT_CARD=2d,OVO=12h,default=1d`
   * (units ms, s, m, h, d; no unit is ms). Parsed by the ledger.
   */
  @IsOptional()
  @Matches(
    /^\s*[A-Za-z0-9_]{1,64}\s*=\s*\d{1,12}(ms|s|m|h|d)?\s*(,\s*[A-Za-z0-9_]{1,64}\s*=\s*\d{1,12}(ms|s|m|h|d)?\s*)*$/,
    {
      message:
        'LEDGER_SETTLEMENT_DELAYS must be CHANNEL=<number>' +
        '<ms|s|m|h|d> pairs separated by commas, e.g. CREDIT_CARD=2d,OVO=12h',
    },
  )
  LEDGER_SETTLEMENT_DELAYS?: string;

  /**
   * Live disbursements need a real bank connector, which this project does not ship: `none`
   * refuses them (503), `sandbox` runs them on the simulated rail (design §9).
   */
  @Transform(({ value }: { value: unknown }) => (value === undefined || value === '' ? 'none' : value))
  @IsIn(['none', 'sandbox'], { message: 'DISBURSEMENT_LIVE_RAIL must be "none" or "sandbox"' })
  DISBURSEMENT_LIVE_RAIL: 'none' | 'sandbox' = 'none';

  /**
   * Live eWallet payments need a provider connector, which this project does not ship: `none`
   * refuses them (503), `sandbox` runs them on the simulated wallets (design §9).
   */
  @Transform(({ value }: { value: unknown }) => (value === undefined || value === '' ? 'none' : value))
  @IsIn(['none', 'sandbox'], { message: 'EWALLET_LIVE_NETWORK must be "none" or "sandbox"' })
  EWALLET_LIVE_NETWORK: 'none' | 'sandbox' = 'none';

  /** How long an OVO request of version 2019-02-04 waits for the payer (longer than the 30 s window). */
  @IntegerSetting(100, 300_000, 45_000) EWALLET_SYNC_WAIT_MS = 45_000;

  /*
   * The request log (GET /request_logs, `cli logs tail`, the dashboard's request log): every
   * authenticated API request, its bodies redacted and capped, written in batches after the answer
   * went out. Kept REQUEST_LOG_RETENTION_DAYS, and never more than REQUEST_LOG_MAX_ROWS rows in all
   * (the oldest go first), so its storage is bounded (docs/operations.md).
   */
  @Transform(({ value }: { value: unknown }) => (value === undefined || value === '' ? true : parseBoolean(value)))
  @IsBoolean({ message: 'REQUEST_LOG_ENABLED must be true or false' })
  REQUEST_LOG_ENABLED = true;

  @IntegerSetting(1, 3650, 30) REQUEST_LOG_RETENTION_DAYS = 30;
  @IntegerSetting(10, 1_000_000_000, 1_000_000) REQUEST_LOG_MAX_ROWS = 1_000_000;

  /** Most bytes of each body (request, response) kept, after redaction (`8kb`, `8192`). */
  @Transform(({ value }) =>
    value === undefined || value === '' ? DEFAULT_REQUEST_LOG_BODY_LIMIT : parseByteSize(String(value)),
  )
  @IsInt({ message: REQUEST_LOG_BODY_LIMIT_MESSAGE })
  @Min(256, { message: REQUEST_LOG_BODY_LIMIT_MESSAGE })
  @Max(1024 * 1024, { message: REQUEST_LOG_BODY_LIMIT_MESSAGE })
  REQUEST_LOG_BODY_LIMIT = DEFAULT_REQUEST_LOG_BODY_LIMIT;

  /*
   * Outbound callbacks (webhooks). Private, loopback and link-local targets are refused unless
   * the operator allows them (tests and a receiver on the same host do).
   */
  @Transform(({ value }: { value: unknown }) => (value === undefined || value === '' ? false : parseBoolean(value)))
  @IsBoolean({ message: 'WEBHOOK_ALLOW_PRIVATE_TARGETS must be true or false' })
  WEBHOOK_ALLOW_PRIVATE_TARGETS = false;
  /** How long one callback attempt may take, connection to last byte (spec: receivers answer fast). */
  @IntegerSetting(100, 120_000, 30_000) WEBHOOK_TIMEOUT_MS = 30_000;
  /** Most attempts in flight to one URL at once, so one slow receiver cannot starve the others. */
  @IntegerSetting(1, 1000, 16) WEBHOOK_ENDPOINT_CONCURRENCY = 16;

  /**
   * Under a steady flow of events, a projection reads the log at most this often (ms), so each of
   * its transactions applies the interval's events, except while a read-your-writes wait in its
   * process waits for it. 0 reads as soon as there is news (docs/decisions.md, "Projection reads
   * paced in a worker of its own" and "One round trip a projection batch").
   */
  @IntegerSetting(0, 1000, DEFAULT_PROJECTION_READ_INTERVAL_MS)
  PROJECTION_READ_INTERVAL_MS = DEFAULT_PROJECTION_READ_INTERVAL_MS;

  /*
   * Invoices. Each bank's POOL of invoice virtual-account numbers, and each retail chain's pool
   * of invoice payment codes, holds this many numbers per business (a test sets it small to
   * exhaust it).
   */
  @IntegerSetting(1, 999_999, 999_999) INVOICE_POOL_SIZE = 999_999;

  /**
   * Payer emails (invoices, recurring invoices): `outbox` keeps them in PostgreSQL only (listed by
   * `GET /email_outbox`), `smtp` also sends live-mode mail through SMTP_URL. Test mode always
   * stays in the outbox.
   */
  @Transform(({ value }: { value: unknown }) => (value === undefined || value === '' ? 'outbox' : value))
  @IsIn(['outbox', 'smtp'], { message: 'MAIL_TRANSPORT must be "outbox" or "smtp"' })
  MAIL_TRANSPORT: 'outbox' | 'smtp' = 'outbox';

  /** `smtp://user:password@host:port` or `smtps://...` (implicit TLS); required when MAIL_TRANSPORT=smtp. */
  @ValidateIf((config: AppConfig) => config.MAIL_TRANSPORT === 'smtp' || config.SMTP_URL !== undefined)
  @Matches(/^smtps?:\/\/([^\s@/]+@)?[^\s@/:]+(:\d{1,5})?\/?$/, {
    message: 'SMTP_URL must be smtp://[user:password@]host[:port] or smtps://... (required when MAIL_TRANSPORT=smtp)',
  })
  SMTP_URL?: string;

  /**
   * A PEM file of certificate authorities the SMTP client trusts instead of Node's bundled ones
   * (a private relay, a test server). The certificate is always verified; this only says by whom.
   */
  @IsOptional()
  @IsString({ message: 'SMTP_CA_FILE must be a file path' })
  SMTP_CA_FILE?: string;

  /** The From address of payer emails. */
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === '' ? 'no-reply@gateway.local' : value,
  )
  @Matches(/^[^\s@<>]+@[^\s@<>]+$/, { message: 'MAIL_FROM must be an email address' })
  MAIL_FROM = 'no-reply@gateway.local';

  /**
   * Keys of the card vault (AES-256-GCM): `keyId:base64key` entries, comma-separated, each key 32
   * bytes. The FIRST encrypts new cards; the others only decrypt cards stored under them (key
   * rotation, docs/operations.md). Required when NODE_ENV=production; elsewhere an insecure,
   * published development key applies when unset.
   */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? parseCardVaultKeys(value) : value))
  @ValidateBy(
    {
      name: 'isCardVaultKeyList',
      validator: {
        validate: (value: unknown) => Array.isArray(value) && value.length > 0 && value.every(isCardVaultKey),
      },
    },
    {
      message:
        'CARD_VAULT_KEY must be keyId:base64key[,keyId:base64key...] with 32-byte keys and distinct ids of letters, ' +
        'digits, - or _ (required when NODE_ENV=production)',
    },
  )
  CARD_VAULT_KEY: CardVaultKey[] = [];

  /** Accept AMEX (the 4-digit CVN brand) besides VISA and MASTERCARD; off: BRAND_NOT_SUPPORTED_ERROR. */
  @Transform(({ value }: { value: unknown }) => (value === undefined || value === '' ? false : parseBoolean(value)))
  @IsBoolean({ message: 'CARD_ENABLE_AMEX must be true or false' })
  CARD_ENABLE_AMEX = false;
}

/** One key of the card vault. */
export interface CardVaultKey {
  id: string;
  key: Buffer;
}

/** Published in the repository: fine for development and tests, never for real cards. */
export const INSECURE_DEVELOPMENT_CARD_VAULT_KEY =
  `dev-insecure:` + `${Buffer.alloc(32, 'insecure-card-vault-development!').toString('base64')}`;

function parseCardVaultKeys(value: string): unknown {
  const entries = value.split(',').map((entry) => entry.trim());
  const keys = entries.map((entry) => {
    const colon = entry.indexOf(':');
    if (colon <= 0) return undefined;
    const id = entry.slice(0, colon);
    const encoded = entry.slice(colon + 1);
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return undefined;
    return { id, key: Buffer.from(encoded, 'base64') };
  });
  const ids = keys.map((key) => key?.id);
  return keys.some((key) => key === undefined) || new Set(ids).size !== ids.length ? [undefined] : keys;
}

function isCardVaultKey(value: unknown): boolean {
  const candidate = value as CardVaultKey | undefined;
  return (
    candidate !== undefined &&
    /^[A-Za-z0-9_-]{1,32}$/.test(candidate.id) &&
    Buffer.isBuffer(candidate.key) &&
    candidate.key.length === 32
  );
}

/** `true`/`false` (also 1/0, yes/no, on/off); anything else is left for the validator to refuse. */
function parseBoolean(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const normalised = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(normalised)) return true;
  if (['false', '0', 'no', 'off'].includes(normalised)) return false;
  return value;
}

/** An integer setting with bounds and a default; the message names the variable (the property) and its range. */
function IntegerSetting(min: number, max: number, fallback: number): PropertyDecorator {
  return (target, property) => {
    const message = `${String(property)} must be an integer between ${min} and ${max}`;
    Transform(({ value }: { value: unknown }) => integerOr(value, fallback))(target, property);
    IsInt({ message })(target, property);
    Min(min, { message })(target, property);
    Max(max, { message })(target, property);
  };
}

function integerOr(value: unknown, fallback: number): number {
  return value === undefined || value === '' ? fallback : Number(value);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration; throws ConfigError listing every bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const known = [
    'PORT',
    'DASHBOARD_SESSION_IDLE_MINUTES',
    'DATABASE_URL',
    'DATABASE_POOL_IDLE_SECONDS',
    'DATA_DIR',
    'EVENT_STORE',
    'EVENTSTORE_CONNECTION_STRING',
    'LOG_LEVEL',
    'RATE_LIMIT_TEST_PER_MINUTE',
    'RATE_LIMIT_LIVE_PER_MINUTE',
    'RATE_LIMIT_IP_PER_MINUTE',
    'RATE_LIMIT_WINDOW_SECONDS',
    'RATE_LIMIT_LEASE_SIZE',
    'IDEMPOTENCY_LEASE_MS',
    'REQUIRE_TLS',
    'LOG_REQUEST_CONTEXT',
    'TRUST_PROXY',
    'BODY_LIMIT',
    'PUBLIC_BASE_URL',
    'LEDGER_SETTLEMENT_DELAYS',
    'DISBURSEMENT_LIVE_RAIL',
    'EWALLET_LIVE_NETWORK',
    'EWALLET_SYNC_WAIT_MS',
    'REQUEST_LOG_ENABLED',
    'REQUEST_LOG_RETENTION_DAYS',
    'REQUEST_LOG_MAX_ROWS',
    'REQUEST_LOG_BODY_LIMIT',
    'WEBHOOK_ALLOW_PRIVATE_TARGETS',
    'WEBHOOK_TIMEOUT_MS',
    'WEBHOOK_ENDPOINT_CONCURRENCY',
    'PROJECTION_READ_INTERVAL_MS',
    'CARD_VAULT_KEY',
    'CARD_ENABLE_AMEX',
    'INVOICE_POOL_SIZE',
    'MAIL_TRANSPORT',
    'SMTP_URL',
    'SMTP_CA_FILE',
    'MAIL_FROM',
  ];
  const raw: Record<string, unknown> = Object.fromEntries(
    known.filter((key) => env[key] !== undefined && env[key] !== '').map((key) => [key, env[key]]),
  );
  // Production refuses plain HTTP unless told otherwise; development and tests use plain loopback HTTP.
  raw.REQUIRE_TLS ??= env.NODE_ENV === 'production' ? 'true' : 'false';
  // Production must bring its own card vault key; development and tests get the published one.
  if (env.NODE_ENV !== 'production') raw.CARD_VAULT_KEY ??= INSECURE_DEVELOPMENT_CARD_VAULT_KEY;
  const config = plainToInstance(AppConfig, raw, { excludeExtraneousValues: false });
  const errors = validateSync(config, { skipMissingProperties: false });
  if (errors.length > 0) {
    // One line per bad setting, even when several of its rules fail.
    throw new ConfigError([...new Set(errors.flatMap((error) => Object.values(error.constraints ?? {})))]);
  }
  return config;
}
