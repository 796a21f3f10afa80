import { comparePositions, type RecordedEvent } from '@gateway/event-store';
import { AnchorDigest, GENESIS_DIGEST } from '../anchors/anchor-digest';
import type { Anchor } from '../anchors/anchor-store';

export interface BrokenAnchor {
  anchorId: string;
  reason: string;
}

/** Recomputes each anchor's digest from the log in global order. */
export class AnchorCheck {
  private index = 0;
  private digest: AnchorDigest;
  readonly broken: BrokenAnchor[] = [];
  checked = 0;
  /** Events after the last anchor, protected by their stream chains only. */
  unanchored = 0;

  constructor(private readonly anchors: readonly Anchor[]) {
    this.digest = new AnchorDigest(GENESIS_DIGEST);
  }

  add(event: RecordedEvent): void {
    let anchor = this.anchors[this.index];
    while (anchor && comparePositions(event.position, anchor.lastPosition) > 0) {
      // We went past the anchor's last event without meeting it: that event is gone.
      this.close(
        anchor,
        `its last event (${anchor.lastPosition.commit}/${anchor.lastPosition.prepare}) is missing from the log`,
      );
      anchor = this.anchors[this.index];
    }
    this.digest.add(event);
    if (!anchor) {
      this.unanchored += 1;
      return;
    }
    if (comparePositions(event.position, anchor.lastPosition) === 0) this.close(anchor);
  }

  finish(): void {
    while (this.anchors[this.index]) this.close(this.anchors[this.index], 'the log ends before its last event');
  }

  private close(anchor: Anchor, missing?: string): void {
    this.checked += 1;
    const previous = this.index === 0 ? GENESIS_DIGEST : this.anchors[this.index - 1].digest;
    if (anchor.previousDigest !== previous)
      this.broken.push({
        anchorId: anchor.anchorId,
        reason: 'its previous digest is not the digest of the anchor before it',
      });
    else if (missing) this.broken.push({ anchorId: anchor.anchorId, reason: missing });
    else if (this.digest.count.toString() !== anchor.eventCount.toString()) {
      this.broken.push({
        anchorId: anchor.anchorId,
        reason: `it sealed ${anchor.eventCount} events, the log now has ${this.digest.count} in its range`,
      });
    } else if (this.digest.digest() !== anchor.digest) {
      this.broken.push({ anchorId: anchor.anchorId, reason: 'the events in its range no longer give its digest' });
    }
    this.index += 1;
    // Start the next range from the stored digest, so one broken range is reported once.
    this.digest = new AnchorDigest(anchor.digest);
  }
}
