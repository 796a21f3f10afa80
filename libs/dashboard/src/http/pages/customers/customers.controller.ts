import { type CustomerView, GetCustomerQuery } from '@gateway/customers';
import { Get, Param, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { DashboardController } from '../../kit/dashboard-controller.decorator';
import { pageNotFound } from '../../kit/dashboard-errors';
import { dashboardState } from '../../kit/dashboard-request';
import { html } from '../../kit/html';
import { registerDashboardPage } from '../../kit/page-registry';
import { sendHtml } from '../../kit/respond';
import { timeHtml, viewerTimeZone } from '../../kit/viewer-time';
import { createdColumn, idColumn, textColumn } from '../lists/list-columns';
import type { ListDefinition } from '../lists/list-definition';
import { ListView } from '../lists/list-view';
import { ResourceDetailView } from '../resource-detail.view';

registerDashboardPage({ id: 'customers', title: 'Customers', path: '/dashboard/customers', order: 22 });

const CUSTOMER_ID = /^cust-[0-9a-f-]{36}$/;

const CUSTOMERS_LIST: ListDefinition = {
  id: 'customers',
  title: 'Customers',
  path: '/dashboard/customers',
  kinds: ['customers'],
  statuses: ['ACTIVE'],
  // No amountLabel: customers have no amount, so no amount filter.
  searchHint: 'Id, reference id, name, email or phone',
  columns: [
    idColumn((row) => `/dashboard/customers/${row.id}`),
    textColumn('Reference id', (row) => row.externalId),
    textColumn('Name', (row) => row.customer),
    textColumn('Email', (row) => row.payerEmail),
    textColumn('Type', (row) => row.channel),
    createdColumn(),
  ],
  detailHref: (row) => `/dashboard/customers/${row.id}`,
};

/**
 * Customers: the list and a page per customer with its profile and history (read only; the API creates and changes
 * them).
 */
@DashboardController('customers')
export class CustomersController {
  constructor(
    private readonly queries: QueryBus,
    private readonly lists: ListView,
    private readonly frame: ResourceDetailView,
  ) {}

  @Get()
  async list(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { status, page } = await this.lists.render(CUSTOMERS_LIST, request, dashboardState(request).session);
    sendHtml(response, page, status);
  }

  @Get('export.csv')
  async export(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.lists.export(CUSTOMERS_LIST, request, response, dashboardState(request).session);
  }

  @Get(':id')
  async detail(@Req() request: Request, @Res() response: Response, @Param('id') id: string): Promise<void> {
    const { session } = dashboardState(request);
    const customer: CustomerView | undefined = CUSTOMER_ID.test(id)
      ? await this.queries.execute(new GetCustomerQuery(id, session.businessId, session.mode))
      : undefined;
    if (!customer) throw pageNotFound('This customer');
    const zone = viewerTimeZone(request);
    const profile = customer.profile;
    const person = profile.individual_detail;
    const company = profile.business_detail;
    const optional = (label: string, value: string | undefined | null): [string, string][] =>
      value ? [[label, value]] : [];
    const page = await this.frame.render(request, session, {
      title: `Customer ${customer.referenceId}`,
      active: 'customers',
      fields: [
        ['Id', customer.customerId],
        ['Reference id', customer.referenceId],
        ['Type', profile.type],
        ...optional(
          'Name',
          person ? [person.given_names, person.surname].filter(Boolean).join(' ') : company?.business_name,
        ),
        ...optional('Email', profile.email),
        ...optional('Mobile', profile.mobile_number),
        ...optional('Phone', profile.phone_number),
        ...optional('Description', profile.description),
        [
          'Addresses',
          profile.addresses.length > 0
            ? html`<ul>${profile.addresses.map(
                (address) =>
                  html`<li>${[
                    address.street_line1,
                    address.city,
                    address.province_state,
                    address.postal_code,
                    address.country,
                  ]
                    .filter(Boolean)
                    .join(', ')}</li>`,
              )}</ul>`
            : '—',
        ],
        ['KYC documents', String(profile.kyc_documents.length)],
        ['Created', timeHtml(customer.createdAt, zone)],
        ['Updated', timeHtml(customer.updatedAt, zone)],
      ],
      history: { resource: 'customer', id: customer.customerId },
      back: { href: '/dashboard/customers', label: 'Back to customers' },
    });
    sendHtml(response, page);
  }
}
