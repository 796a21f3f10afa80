import { Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { roleCan } from '../../domain/roles';
import { TRANSACTION_KINDS } from '../../read-models/list-kinds';
import { DashboardController } from '../kit/dashboard-controller.decorator';
import { dashboardState } from '../kit/dashboard-request';
import { html } from '../kit/html';
import { registerDashboardPage } from '../kit/page-registry';
import { sendHtml } from '../kit/respond';
import { amountColumn, createdColumn, idColumn, statusColumn, textColumn, typeColumn } from './lists/list-columns';
import type { ListDefinition } from './lists/list-definition';
import { ListView } from './lists/list-view';
import { TransactionDetailView } from './transaction-detail.view';

registerDashboardPage({ id: 'transactions', title: 'Transactions', path: '/dashboard/transactions', order: 20 });

const detailHref = (row: { kind: string; id: string }) =>
  `/dashboard/transactions/${row.kind}/${encodeURIComponent(row.id)}`;

export const TRANSACTIONS_LIST: ListDefinition = {
  id: 'transactions',
  title: 'Transactions',
  path: '/dashboard/transactions',
  kinds: TRANSACTION_KINDS,
  kindTitles: {
    'card-charges': 'Card charges',
    'card-refunds': 'Card refunds',
    invoices: 'Invoices',
    'va-payments': 'VA payments',
    'payment-code-payments': 'Payment-code payments',
    'ewallet-payments': 'eWallet payments',
    disbursements: 'Disbursements',
  },
  statuses: [
    'PENDING',
    'AUTHORIZED',
    'CAPTURED',
    'PAID',
    'SETTLED',
    'COMPLETED',
    'SUCCEEDED',
    'FAILED',
    'EXPIRED',
    'REVERSED',
  ],
  amountLabel: 'Amount',
  searchHint: 'Id, external id, payer email, customer or account holder, VA number, payment code',
  columns: [
    typeColumn(),
    idColumn(detailHref),
    textColumn('External id', (row) => row.externalId),
    statusColumn(),
    amountColumn(),
    textColumn('Payer or customer', (row) => row.payerEmail ?? row.customer),
    createdColumn(),
  ],
  detailHref,
};

/**
 * Every product's transactions in one list (dashboard.lists), and a detail page per transaction with its actions and
 * history.
 */
@DashboardController('transactions')
export class TransactionsController {
  constructor(
    private readonly lists: ListView,
    private readonly details: TransactionDetailView,
  ) {}

  @Get()
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const payments = roleCan(session.role, 'payments:manage');
    const payouts = roleCan(session.role, 'payouts:manage');
    const actions =
      payments || payouts
        ? html`<p class="actions">${
            payments
              ? html`<a class="button-link" href="/dashboard/invoices/new" id="create-invoice-link">Create an \
invoice</a>`
              : ''
          }
${
  payouts
    ? html`<a class="button-link" href="/dashboard/payouts/new" id="new-disbursement-link">Send a disbursement</a> \
<a class="button-link" href="/dashboard/payouts/batch" id="batch-link">Batch disbursement from CSV</a>`
    : ''
}</p>`
        : undefined;
    const { status, page } = await this.lists.render(TRANSACTIONS_LIST, request, session, actions);
    sendHtml(response, page, status);
  }

  @Get('export.csv')
  async export(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.lists.export(TRANSACTIONS_LIST, request, response, dashboardState(request).session);
  }

  @Get(':source/:id')
  async detail(
    @Req() request: Request,
    @Res() response: Response,
    @Param('source') sourceId: string,
    @Param('id') id: string,
  ): Promise<void> {
    sendHtml(response, await this.details.render(request, dashboardState(request).session, sourceId, id));
  }
}
