import { EVENT_STORE, type EventStore, type GlobalPosition } from '@gateway/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { listAnchors } from '../anchors/anchor-store';
import { AnchorCheck, type BrokenAnchor } from './anchor-check';
import { type BrokenLink, ChainCheck } from './chain-check';

export interface AuditVerification {
  ok: boolean;
  events: number;
  streams: number;
  brokenLinks: number;
  /** The first broken link in global order, then the next ones (at most 100). */
  firstBrokenLink?: BrokenLink;
  links: BrokenLink[];
  anchorsChecked: number;
  brokenAnchors: BrokenAnchor[];
  unanchoredEvents: number;
}

const PAGE = 5000;

/**
 * `audit verify`: one pass over the whole log in global order, recomputing every stream's hash
 * chain and every anchor's digest. Works on both adapters (it reads through the port).
 */
@Injectable()
export class AuditTrailVerifier {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly pool: Pool,
  ) {}

  async verify(onProgress?: (events: number) => void): Promise<AuditVerification> {
    const chains = new ChainCheck();
    const anchors = new AnchorCheck(await listAnchors(this.pool));
    let after: GlobalPosition | undefined;
    for (;;) {
      const page = await this.store.readAll({ after, maxCount: PAGE });
      if (page.length === 0) break;
      for (const event of page) {
        chains.add(event);
        anchors.add(event);
      }
      after = page[page.length - 1].position;
      onProgress?.(chains.events);
    }
    chains.finish();
    anchors.finish();
    return {
      ok: chains.brokenCount === 0 && anchors.broken.length === 0,
      events: chains.events,
      streams: chains.streams,
      brokenLinks: chains.brokenCount,
      firstBrokenLink: chains.broken[0],
      links: chains.broken,
      anchorsChecked: anchors.checked,
      brokenAnchors: anchors.broken,
      unanchoredEvents: anchors.unanchored,
    };
  }
}
