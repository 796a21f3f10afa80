import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { CardVaultKey } from '@gateway/config';

/** What `AesGcmKeyRing.seal` returns: the four values a row keeps. */
export interface SealedValue {
  keyId: string;
  iv: Buffer;
  ciphertext: Buffer;
  authTag: Buffer;
}

/**
 * Secrets at rest (card numbers, dashboard TOTP secrets): AES-256-GCM with a fresh 12-byte IV per
 * value and the row's identity as additional authenticated data, so a ciphertext copied to another
 * row does not decrypt. The first key of the ring encrypts; every key decrypts what was stored under
 * its id (rotation: re-seal the rows of older keys, then drop them; docs/operations.md).
 */
export class AesGcmKeyRing {
  private readonly current: CardVaultKey;
  private readonly byId: Map<string, Buffer>;

  constructor(
    keys: readonly CardVaultKey[],
    private readonly name: string,
  ) {
    if (keys.length === 0) throw new Error(`${name} is not configured`);
    this.current = keys[0]!;
    this.byId = new Map(keys.map((entry) => [entry.id, entry.key]));
  }

  get currentKeyId(): string {
    return this.current.id;
  }

  seal(plaintext: Buffer, aad: Buffer): SealedValue {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    cipher.setAAD(aad);
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { keyId: this.current.id, iv, ciphertext, authTag: cipher.getAuthTag() };
  }

  /** Throws when the key is no longer listed, or the value or its identity (aad) was altered. */
  open(sealed: SealedValue, aad: Buffer, what: string): Buffer {
    const key = this.byId.get(sealed.keyId);
    if (!key) throw new Error(`${what} is encrypted with key ${sealed.keyId}, which ${this.name} no longer lists`);
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv);
    decipher.setAAD(aad);
    decipher.setAuthTag(sealed.authTag);
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
  }
}
