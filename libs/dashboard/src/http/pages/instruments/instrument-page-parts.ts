import { type InstrumentOpeningBody, instrumentOpeningOf } from '@gateway/fixed-instruments';
import type { Request } from 'express';
import type { DashboardSession } from '../../../read-models/session-store';
import { field } from '../../kit/dashboard-request';
import { numberField, textField } from '../../kit/form-errors';
import { expirationField } from '../../kit/form-values';
import { html, type SafeHtml } from '../../kit/html';
import { timeHtml } from '../../kit/viewer-time';
import { amountColumn, createdColumn, idColumn, statusColumn, textColumn } from '../lists/list-columns';
import type { ListDefinition } from '../lists/list-definition';
import type { ResourceDetail } from '../resource-detail.view';

/**
 * An instrument list's columns: id, external id, channel (bank, outlet), number or code, name, status, amount, created.
 */
export function instrumentColumns(
  path: string,
  labels: { channel: string; number: string },
): ListDefinition['columns'] {
  return [
    idColumn((row) => `${path}/${row.id}`),
    textColumn('External id', (row) => row.externalId),
    textColumn(labels.channel, (row) => row.channel),
    textColumn(labels.number, (row) => row.extra),
    textColumn('Name', (row) => row.customer),
    statusColumn(),
    amountColumn('Expected amount'),
    createdColumn(),
  ];
}

interface InstrumentFieldsOf {
  id: string;
  externalId: string;
  status: string;
  isSingleUse: boolean;
  expirationDate: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * The detail fields of an instrument: id, external id and status (`<prefix>-status`), the kind's
 * own fields, then single use, expiry, created and updated in the viewer's time zone.
 */
export function instrumentFields(
  instrument: InstrumentFieldsOf,
  statusId: string,
  own: ResourceDetail['fields'],
  zone: string,
): ResourceDetail['fields'] {
  return [
    ['Id', instrument.id],
    ['External id', instrument.externalId],
    ['Status', html`<span id="${statusId}">${instrument.status}</span>`],
    ...own,
    ['Single use', instrument.isSingleUse ? 'yes' : 'no'],
    ['Expires', timeHtml(instrument.expirationDate, zone)],
    ['Created', timeHtml(instrument.createdAt, zone)],
    ['Updated', timeHtml(instrument.updatedAt, zone)],
  ];
}

/** A number or code with its copy button (`data-copy` names the span). */
export const copyable = (id: string, value: string): SafeHtml =>
  html`<span id="${id}">${value}</span> <button type="button" class="secondary" data-copy="${id}" hidden>Copy</button>`;

/** The create form's fields every kind has, as its request DTO reads them. */
export function openingFormFields(request: Request, zone: string) {
  return {
    external_id: textField(field(request, 'external_id')),
    name: textField(field(request, 'name')),
    expected_amount: numberField(field(request, 'expected_amount')),
    expiration_date: expirationField(field(request, 'expiration_date'), zone),
    is_single_use: field(request, 'is_single_use') === 'on',
  };
}

interface OpeningAmountAndDate {
  expected_amount?: number;
  expiration_date?: string;
}

/** The opening every kind's create form maps the same way (the kind adds its channel and number). */
export function openingOfForm(session: DashboardSession, dto: InstrumentOpeningBody & OpeningAmountAndDate) {
  return {
    ...instrumentOpeningOf(session, dto),
    expectedAmount: dto.expected_amount,
    expirationDate: dto.expiration_date ? new Date(dto.expiration_date) : undefined,
  };
}

/** The change form's fields every kind has (expected amount, expiry), as its request DTO reads them. */
export function changeFormFields(request: Request, zone: string) {
  return {
    expected_amount: numberField(field(request, 'expected_amount')),
    expiration_date: expirationField(field(request, 'expiration_date'), zone),
  };
}
