import { type Permission } from '@gateway/domain';
import { type Mode } from '@gateway/clock';
import { PgListener } from '@gateway/database';
import { AccountApiVersions, type ApiKeyPrincipal, ApiKeyResolver, SubAccountDirectory } from '@gateway/http-edge';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { Pool } from 'pg';
import { hashApiKey } from '../application/create-api-key/api-key-material';
import { API_KEY_REVOKED_CHANNEL } from './businesses.projection';
import { TtlCache } from './ttl-cache';

const KEY_TTL_MS = 30_000;
const MISS_TTL_MS = 2_000;
const DIRECTORY_TTL_MS = 10_000;

interface KeyRow {
  key_id: string;
  business_id: string;
  mode: Mode;
  kind: 'secret' | 'public';
  permissions: Permission[];
  key_hash: Buffer;
}

/**
 * The accounts read models as the edge needs them, cached: every request authenticates, so a
 * key lookup must not cost a database round trip each time. Revocations reach every process
 * through LISTEN (the projection NOTIFYs), with the TTL as the backstop.
 */
@Injectable()
export class AccountsDirectory
  implements ApiKeyResolver, SubAccountDirectory, AccountApiVersions, OnApplicationShutdown
{
  private readonly keys = new TtlCache<string, ApiKeyPrincipal | null>(50_000);
  private readonly parents = new TtlCache<string, string | null>(10_000);
  private readonly versions = new TtlCache<string, Record<string, string>>(10_000);
  private readonly listener: PgListener;
  private closed = false;

  constructor(private readonly pool: Pool) {
    this.listener = new PgListener(pool, API_KEY_REVOKED_CHANNEL, {
      onNotification: (keyId) => this.forgetKey(keyId),
      // While not listening we could not hear revocations: forget every cached key.
      onConnected: () => this.keys.clear(),
      onLost: () => this.keys.clear(),
    });
  }

  async resolve(presentedKey: string): Promise<ApiKeyPrincipal | undefined> {
    this.ensureListening();
    const hash = hashApiKey(presentedKey);
    const cached = this.keys.get(hash);
    if (cached !== undefined) return cached ?? undefined;
    const { rows } = await this.pool.query<KeyRow>({
      name: 'accounts_resolve_key',
      text: `SELECT key_id, business_id, mode, kind, permissions, key_hash FROM api_keys
             WHERE key_hash = decode($1, 'hex') AND revoked_at IS NULL`,
      values: [hash],
    });
    const row = rows[0];
    // The index finds the row by hash; compare the full hash in constant time anyway.
    const principal =
      row && timingSafeEqual(row.key_hash, Buffer.from(hash, 'hex'))
        ? {
            keyId: row.key_id,
            businessId: row.business_id,
            mode: row.mode,
            kind: row.kind,
            permissions: row.permissions,
          }
        : null;
    this.keys.set(hash, principal, principal ? KEY_TTL_MS : MISS_TTL_MS);
    return principal ?? undefined;
  }

  /** Drops a revoked key from this process's cache. */
  forgetKey(keyId: string): void {
    this.keys.deleteWhere((principal) => principal?.keyId === keyId);
  }

  async isSubAccountOf(subAccountId: string, platformBusinessId: string): Promise<boolean> {
    let parent = this.parents.get(subAccountId);
    if (parent === undefined) {
      const { rows } = await this.pool.query<{ parent: string | null }>(
        `SELECT b.parent_business_id AS parent FROM businesses b
           JOIN businesses p ON p.business_id = b.parent_business_id AND p.is_platform
          WHERE b.business_id = $1`,
        [subAccountId],
      );
      parent = rows[0]?.parent ?? null;
      this.parents.set(subAccountId, parent, DIRECTORY_TTL_MS);
    }
    return parent === platformBusinessId;
  }

  async defaultVersion(businessId: string, mode: Mode, resource: string): Promise<string | undefined> {
    const cacheKey = `${businessId}|${mode}`;
    let versions = this.versions.get(cacheKey);
    if (versions === undefined) {
      const { rows } = await this.pool.query<{ versions: Record<string, string> | null }>(
        "SELECT settings->'apiVersions' AS versions FROM business_settings WHERE business_id = $1 AND mode = $2",
        [businessId, mode],
      );
      versions = rows[0]?.versions ?? {};
      this.versions.set(cacheKey, versions, DIRECTORY_TTL_MS);
    }
    return versions[resource];
  }

  /** Settings changed in this process: the next request must see them. */
  forgetSettings(businessId: string, mode: Mode): void {
    this.versions.delete(`${businessId}|${mode}`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.listener.close();
  }

  private ensureListening(): void {
    if (!this.closed) this.listener.start();
  }
}
