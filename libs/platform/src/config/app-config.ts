import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min, ValidateIf, validateSync, Matches } from 'class-validator';

/**
 * Every setting the gateway reads from the environment, validated once at start.
 * A bad value stops the process with one clear line per problem, never a crash later.
 */
export class AppConfig {
  @Transform(({ value }) => (value === undefined || value === '' ? 3000 : Number(value)))
  @IsInt({ message: 'PORT must be an integer between 1 and 65535' })
  @Min(1, { message: 'PORT must be an integer between 1 and 65535' })
  @Max(65535, { message: 'PORT must be an integer between 1 and 65535' })
  PORT = 3000;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, {
    message: 'DATABASE_URL must be a postgres:// or postgresql:// connection URL (unset it to use the embedded PostgreSQL)',
  })
  DATABASE_URL?: string;

  @Transform(({ value }) => (value === undefined || value === '' ? './.data' : value))
  @IsString()
  DATA_DIR = './.data';

  @Transform(({ value }) => (value === undefined || value === '' ? 'postgres' : value))
  @IsIn(['postgres', 'eventstoredb'], { message: 'EVENT_STORE must be "postgres" or "eventstoredb"' })
  EVENT_STORE: 'postgres' | 'eventstoredb' = 'postgres';

  @ValidateIf((config: AppConfig) => config.EVENT_STORE === 'eventstoredb' || config.EVENTSTORE_CONNECTION_STRING !== undefined)
  @Matches(/^esdb(\+discover)?:\/\/\S+$/, {
    message: 'EVENTSTORE_CONNECTION_STRING must be an esdb:// or esdb+discover:// URL (required when EVENT_STORE=eventstoredb)',
  })
  EVENTSTORE_CONNECTION_STRING?: string;

  @Transform(({ value }) => (value === undefined || value === '' ? 'info' : value))
  @IsIn(['debug', 'info', 'warn', 'error', 'silent'], { message: 'LOG_LEVEL must be one of debug, info, warn, error, silent' })
  LOG_LEVEL: 'debug' | 'info' | 'warn' | 'error' | 'silent' = 'info';
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration; throws ConfigError listing every bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const known = ['PORT', 'DATABASE_URL', 'DATA_DIR', 'EVENT_STORE', 'EVENTSTORE_CONNECTION_STRING', 'LOG_LEVEL'];
  const raw = Object.fromEntries(known.filter((key) => env[key] !== undefined && env[key] !== '').map((key) => [key, env[key]]));
  const config = plainToInstance(AppConfig, raw, { excludeExtraneousValues: false });
  const errors = validateSync(config, { skipMissingProperties: false });
  if (errors.length > 0) {
    // One line per bad setting, even when several of its rules fail.
    throw new ConfigError([...new Set(errors.flatMap((error) => Object.values(error.constraints ?? {})))]);
  }
  return config;
}
