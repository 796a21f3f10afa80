import { comparePositions, type GlobalPosition, type RecordedEvent } from '../event-envelope';

interface TailPage {
  /** The position the page was read after. */
  after: GlobalPosition;
  events: RecordedEvent[];
}

/**
 * The last few pages a process's tail reads returned, so a subscription positioned inside one of
 * them gets the rest of it without reading the log again.
 *
 * Why that is exact: a tail read returns only events of transactions older than every running
 * one, in (tx_id, position) order, so no event can ever appear between two events of a page, nor
 * before its first one after the position it was read from. Any run of a page that starts right
 * after a position in it is therefore what a fresh read from that position would return first.
 * A fresh read could return more; a shorter page only means the subscription reads again.
 *
 * Only non-empty runs are served: an empty answer makes a subscription wait for the next append,
 * and only a read that began after the subscription armed its wake-up may tell it to.
 */
export class RecentTailPages {
  private readonly pages: TailPage[] = [];

  constructor(private readonly capacity = 8) {}

  remember(after: GlobalPosition, events: RecordedEvent[]): void {
    if (events.length === 0) return;
    this.pages.push({ after, events });
    if (this.pages.length > this.capacity) this.pages.shift();
  }

  /** Up to `maxCount` remembered events right after `after`, newest pages first; undefined when none is remembered. */
  after(after: GlobalPosition, maxCount: number): RecordedEvent[] | undefined {
    if (maxCount <= 0) return undefined;
    for (let i = this.pages.length - 1; i >= 0; i--) {
      const start = startAfter(this.pages[i], after);
      if (start !== undefined && start < this.pages[i].events.length)
        return this.pages[i].events.slice(start, start + maxCount);
    }
    return undefined;
  }
}

/** Index of the first event after `after` when `after` is the page's own start or one of its events. */
function startAfter(page: TailPage, after: GlobalPosition): number | undefined {
  if (comparePositions(page.after, after) === 0) return 0;
  let low = 0;
  let high = page.events.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const order = comparePositions(page.events[middle].position, after);
    if (order === 0) return middle + 1;
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}
