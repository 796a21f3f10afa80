import { createHash, randomBytes } from 'node:crypto';
import type { KeyKind, Mode } from '../../domain/business.events';

const PREFIXES: Record<KeyKind, Record<Mode, string>> = {
  secret: { test: 'xnd_development_', live: 'xnd_production_' },
  public: { test: 'xnd_public_development_', live: 'xnd_public_production_' },
};

export interface ApiKeyMaterial {
  /** Shown once to the creator; never stored. */
  key: string;
  /** SHA-256 of the key, hex: what is stored and looked up. */
  hash: string;
  hint: string;
}

/** 256 random bits behind the legacy API's recognisable prefixes (merchants grep their configs for them). */
export function generateApiKey(kind: KeyKind, mode: Mode): ApiKeyMaterial {
  const key = `${PREFIXES[kind][mode]}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), hint: key.slice(-4) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
