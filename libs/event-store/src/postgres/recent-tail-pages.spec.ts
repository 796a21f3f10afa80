import type { GlobalPosition, RecordedEvent } from '../event-envelope';
import { RecentTailPages } from './recent-tail-pages';

const at = (commit: number, prepare: number): GlobalPosition => ({ commit: BigInt(commit), prepare: BigInt(prepare) });

function eventAt(position: GlobalPosition): RecordedEvent {
  return {
    id: `e-${position.commit}-${position.prepare}`,
    type: 'Happened',
    data: {},
    metadata: {} as RecordedEvent['metadata'],
    streamName: 'thing-1',
    revision: position.prepare,
    position,
    recordedAt: new Date(0),
  };
}

const ids = (events: RecordedEvent[] | undefined) => events?.map((event) => event.id);

describe('RecentTailPages', () => {
  // Two transactions' events, as one tail read after (5, 9) returned them.
  const page = [at(7, 10), at(7, 11), at(8, 12), at(8, 13)].map(eventAt);

  it('serves the rest of a page to a reader at its start or at one of its events, up to the page size asked', () => {
    const pages = new RecentTailPages();
    pages.remember(at(5, 9), page);

    expect(ids(pages.after(at(5, 9), 100))).toEqual(ids(page));
    expect(ids(pages.after(at(7, 11), 100))).toEqual(ids(page.slice(2)));
    expect(ids(pages.after(at(7, 10), 2))).toEqual(ids(page.slice(1, 3)));
  });

  it('never answers empty or from a position it cannot place: the reader reads the log then', () => {
    const pages = new RecentTailPages();
    pages.remember(at(5, 9), page);
    pages.remember(at(9, 20), []);

    expect(pages.after(at(8, 13), 100)).toBeUndefined(); // the page's end: what follows is unknown
    expect(pages.after(at(7, 12), 100)).toBeUndefined(); // not a position in the page (another transaction's)
    expect(pages.after(at(4, 1), 100)).toBeUndefined(); // before the page: events in between are unknown
    expect(pages.after(at(9, 20), 100)).toBeUndefined(); // an empty read is not remembered
    expect(pages.after(at(5, 9), 0)).toBeUndefined();
  });

  it('prefers the newest page, which reaches furthest, and forgets pages beyond its capacity', () => {
    const pages = new RecentTailPages(2);
    pages.remember(at(5, 9), page);
    const later = [at(8, 13), at(8, 14), at(9, 15)].map(eventAt);
    pages.remember(at(8, 12), later);

    expect(ids(pages.after(at(8, 12), 100))).toEqual(ids(later));
    expect(ids(pages.after(at(7, 10), 100))).toEqual(ids(page.slice(1)));

    pages.remember(at(9, 15), [eventAt(at(10, 16))]);
    expect(pages.after(at(7, 10), 100)).toBeUndefined();
    expect(ids(pages.after(at(8, 14), 100))).toEqual(ids(later.slice(2)));
  });
});
