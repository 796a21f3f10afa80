import { KIND_TITLES, type ListRow } from '../../../read-models/list-kinds';
import { html } from '../../kit/html';
import { formatMoney } from '../../kit/money-format';
import { timeHtml } from '../../kit/viewer-time';
import type { ListColumn } from './list-definition';

/** Short type names of the transactions list, with the channel: "VA payment (BRI)", "eWallet (DANA)". */
const TYPE_LABELS: Partial<Record<ListRow['kind'], string>> = {
  'ewallet-payments': 'eWallet',
  'payment-code-payments': 'Payment code',
};

export const typeColumn = (): ListColumn => ({
  header: 'Type',
  cell: (row) =>
    `${TYPE_LABELS[row.kind] ?? KIND_TITLES[row.kind]}` +
    `${row.channel && row.kind !== 'invoices' && row.kind !== 'card-refunds' ? ` (${row.channel})` : ''}`,
});

export const idColumn = (href: (row: ListRow) => string, header = 'Id'): ListColumn => ({
  header,
  cell: (row) => html`<a href="${href(row)}"><code>${row.id}</code></a>`,
});

export const textColumn = (header: string, value: (row: ListRow) => string | null): ListColumn => ({
  header,
  cell: (row) => value(row) ?? html`<span class="muted">—</span>`,
});

export const statusColumn = (): ListColumn => ({
  header: 'Status',
  cell: (row) => html`<span class="status status-${row.status.toLowerCase()}">${row.status}</span>`,
});

export const amountColumn = (header = 'Amount'): ListColumn => ({
  header,
  cell: (row) =>
    row.amount === null
      ? html`<span class="muted">—</span>`
      : html`<span class="amount">${formatMoney(row.amount, row.currency ?? 'IDR')}</span>`,
});

export const createdColumn = (header = 'Created'): ListColumn => ({
  header,
  cell: (row, zone) => timeHtml(row.createdAt, zone),
});
