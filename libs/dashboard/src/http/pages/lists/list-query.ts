import { ApiError, type ValidationIssue } from '@gateway/http-edge';
import type { Request } from 'express';
import type { ListKind } from '../../../read-models/list-kinds';
import { decodeCursor, type ListCursor, type ListFilter } from '../../../read-models/list-rows.reader';
import { queryField } from '../../kit/dashboard-request';
import { nextDay, startOfLocalDay } from '../../kit/viewer-time';
import type { ListDefinition } from './list-definition';

/** The filter form's fields as the viewer typed them (for the form and the links). */
export interface ListFormValues {
  product: string;
  status: string;
  from: string;
  to: string;
  min: string;
  max: string;
  q: string;
}

export interface ParsedListQuery {
  values: ListFormValues;
  filter: ListFilter;
  after?: ListCursor;
  /** Rows before this page (shown as "rows 51–100"; a link's word, never trusted for anything else). */
  start: number;
}

const MAX_AMOUNT = 1_000_000_000_000_000;

/**
 * The list's query string as a filter: product and status from the list's own choices, dates as
 * calendar days in the viewer's zone (`to` inclusive), amounts as whole minor units, the search
 * text as typed. A malformed field is a 400 naming it; the page shows the form with the problem.
 */
export function parseListQuery(
  request: Request,
  definition: ListDefinition,
  business: { businessId: string; mode: 'test' | 'live' },
  zone: string,
): ParsedListQuery {
  const read = (name: string) => queryField(request, name)?.trim() ?? '';
  const values: ListFormValues = {
    product: read('product'),
    status: read('status').toUpperCase(),
    from: read('from'),
    to: read('to'),
    min: read('min'),
    max: read('max'),
    q: read('q'),
  };
  const issues: ValidationIssue[] = [];
  const problem = (field: string, message: string) =>
    issues.push({ field: [field], location: 'query', messages: [message], types: ['invalid'] });

  let kinds: readonly ListKind[] = definition.kinds;
  if (values.product) {
    if ((definition.kinds as readonly string[]).includes(values.product)) kinds = [values.product as ListKind];
    else problem('product', `product must be one of ${definition.kinds.join(', ')}`);
  }
  if (values.status && !definition.statuses.includes(values.status))
    problem('status', `status must be one of ${definition.statuses.join(', ')}`);
  const day = (name: 'from' | 'to') => {
    if (!values[name]) return undefined;
    const start = startOfLocalDay(values[name], zone);
    if (!start) problem(name, `${name} must be a date (YYYY-MM-DD)`);
    return start && name === 'to' ? startOfLocalDay(nextDay(values.to), zone) : start;
  };
  const from = day('from');
  const to = day('to');
  const amount = (name: 'min' | 'max') => {
    // A list without amounts (customers) offers no such filter; one in the address is ignored.
    if (!values[name] || !definition.amountLabel) return undefined;
    const value = Number(values[name]);
    if (!/^\d+$/.test(values[name]) || !Number.isSafeInteger(value) || value > MAX_AMOUNT) {
      problem(name, `${name === 'min' ? 'amount from' : 'amount to'} must be a whole amount`);
      return undefined;
    }
    return value;
  };
  const minAmount = amount('min');
  const maxAmount = amount('max');
  if (values.q.length > 200) problem('q', 'search text must be at most 200 characters');
  const afterText = queryField(request, 'after');
  const after = afterText ? decodeCursor(afterText) : undefined;
  if (afterText && !after) problem('after', 'the page link is not valid; start from the first page');
  const startText = queryField(request, 'start') ?? '0';
  const start = /^\d{1,9}$/.test(startText) ? Number(startText) : 0;
  if (issues.length > 0)
    throw ApiError.validation(
      `The filter is not valid: ${issues.map((issue) => issue.messages[0]).join('; ')}`,
      issues,
    );
  return {
    values,
    filter: {
      ...business,
      kinds,
      status: values.status || undefined,
      from,
      to,
      minAmount,
      maxAmount,
      search: values.q || undefined,
    },
    after,
    start,
  };
}

/** The list's query string for a link: the form's values, plus paging. */
export function listQueryString(values: ListFormValues, paging: { after?: string; start?: number } = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values) as [string, string][]) if (value) query.set(name, value);
  if (paging.after) query.set('after', paging.after);
  if (paging.start) query.set('start', String(paging.start));
  const text = query.toString();
  return text ? `?${text}` : '';
}
