import { asStored, chainHashOf, type RecordedEvent } from '@gateway/event-store';
import { createHash, type Hash } from 'node:crypto';

/** The digest of one anchor: sha256 over the previous anchor's digest and each event's chain hash, in global order. */
export class AnchorDigest {
  private hash: Hash;
  count = 0;

  constructor(readonly previousDigest: string) {
    this.hash = createHash('sha256').update(previousDigest, 'utf8');
  }

  add(event: RecordedEvent): void {
    this.hash.update(`\n${chainHashOf(asStored(event).metadata) ?? ''}`, 'utf8');
    this.count += 1;
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

export const GENESIS_DIGEST = '';
