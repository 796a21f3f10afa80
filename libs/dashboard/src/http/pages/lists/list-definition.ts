import type { ListKind, ListRow } from '../../../read-models/list-kinds';
import type { SafeHtml } from '../../kit/html';

export interface ListColumn {
  header: string;
  cell(row: ListRow, zone: string): SafeHtml | string;
}

/** One dashboard list: what it holds, how it filters, which columns it shows. */
export interface ListDefinition {
  /** Registry id (navigation) and the table's id. */
  id: string;
  title: string;
  /** `/dashboard/<...>`: the page; `<path>/export.csv` the export. */
  path: string;
  kinds: readonly ListKind[];
  /** Titles of the kinds offered in the product filter (only when the list holds several). */
  kindTitles?: Partial<Record<ListKind, string>>;
  statuses: readonly string[];
  /** What the amount filter filters; absent when the list's rows have no amount (no filter is offered). */
  amountLabel?: string;
  columns: ListColumn[];
  detailHref(row: ListRow): string;
  /** What the search box matches, in the viewer's words. */
  searchHint: string;
}
