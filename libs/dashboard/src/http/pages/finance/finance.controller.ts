import { CURRENCY_EXPONENTS } from '@gateway/domain';
import {
  JournalReader,
  LatestReconciliationQuery,
  ListBalancesQuery,
  type PendingSummary,
  type ReconciliationRunView,
} from '@gateway/ledger';
import { Clock } from '@gateway/clock';
import { Get, Post, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { roleCan } from '../../../domain/roles';
import {
  type DaySums,
  type FinancePeriod,
  FinanceReader,
  type FinanceTotals,
  type ProductSums,
} from '../../../read-models/finance.reader';
import type { DashboardSession } from '../../../read-models/session-store';
import { DashboardController, RequireCapability } from '../../kit/dashboard-controller.decorator';
import { dashboardState } from '../../kit/dashboard-request';
import { formErrorOf } from '../../kit/form-errors';
import { html, SafeHtml } from '../../kit/html';
import { csrfField, renderPage } from '../../kit/layout';
import { formatMoney } from '../../kit/money-format';
import { registerDashboardPage } from '../../kit/page-registry';
import { noticeOf, sendHtml, withNotice } from '../../kit/respond';
import { DashboardActionRunner, formKeyField } from '../../kit/action-runner';
import { ReconcileJob } from '../../../application/reconcile/reconcile.job';
import { timeHtml, viewerTimeZone } from '../../kit/viewer-time';
import { type FinanceQuery, parseFinanceQuery } from './finance-query';

registerDashboardPage({ id: 'overview', title: 'Overview', path: '/dashboard/overview', order: 10 });

const PRODUCT_TITLES: Record<string, string> = {
  invoices: 'Invoices',
  cards: 'Card charges',
  'virtual-accounts': 'Fixed VAs',
  'payment-codes': 'Payment codes',
  ewallets: 'eWallets',
  refunds: 'Refunds',
  disbursements: 'Payouts',
  'top-ups': 'Test top-ups',
};
const productTitle = (product: string) => PRODUCT_TITLES[product] ?? product;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
/** Upcoming settlements listed on the page; the total covers them all. */
const PENDING_LISTED = 10;

/**
 * The finance overview (issue 21, item 4): balances with what is pending settlement and when;
 * for a chosen period (days in the viewer's zone) gross volume, fees, VAT, net, refunds and
 * payouts, per product and per day, with charts (Chart.js) and the same figures in tables; test
 * top-ups apart from sales; the last `ledger reconcile` result with its date.
 */
@DashboardController('overview')
export class FinanceController {
  constructor(
    private readonly queries: QueryBus,
    private readonly actions: DashboardActionRunner,
    private readonly reconcileJob: ReconcileJob,
    private readonly finance: FinanceReader,
    private readonly journal: JournalReader,
    private readonly clock: Clock,
  ) {}

  @Get()
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const zone = viewerTimeZone(request);
    const now = await this.clock.now({ businessId: session.businessId, mode: session.mode });
    const currencies = [...new Set(['IDR', ...(await this.finance.currencies(session.businessId, session.mode))])];
    let query: FinanceQuery;
    try {
      query = parseFinanceQuery(request, zone, now, currencies);
    } catch (error) {
      const refused = formErrorOf(error);
      if (!refused) throw error;
      query = parseFinanceQuery(undefined, zone, now, currencies);
      sendHtml(response, await this.render(request, session, query, refused.box), refused.status);
      return;
    }
    sendHtml(response, await this.render(request, session, query));
  }

  /**
   * Queues `ledger reconcile` over this business and mode (ReconcileJob: it replays the whole log,
   * so never inside a request, one at a time); once per form.
   */
  @Post('reconcile')
  @RequireCapability('reports:generate')
  async reconcile(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const location = await this.actions.once(request, session, async () => {
      const scope = { businessId: session.businessId, mode: session.mode };
      await this.reconcileJob.queue(scope, randomUUID(), await this.clock.now());
      return withNotice('/dashboard/overview#reconciliation-h', 'reconcile-started');
    });
    response.redirect(303, location);
  }

  private async render(
    request: Request,
    session: DashboardSession,
    query: FinanceQuery,
    error?: SafeHtml,
  ): Promise<string> {
    const zone = viewerTimeZone(request);
    const period: FinancePeriod = {
      businessId: session.businessId,
      mode: session.mode,
      currency: query.currency,
      from: query.from,
      to: query.to,
      zone,
    };
    const [balances, totals, products, days, pending, reconciliation, reconciling] = await Promise.all([
      this.queries.execute(new ListBalancesQuery(session.businessId, session.mode)),
      this.finance.totals(period),
      this.finance.byProduct(period),
      this.finance.byDay(period, query.days),
      this.pending(session, query.currency),
      this.queries.execute(new LatestReconciliationQuery(session.businessId, session.mode)),
      this.reconcileJob.isQueued({ businessId: session.businessId, mode: session.mode }),
    ]);
    const balance = balances.find((entry) => entry.currency === query.currency)?.balances ?? {
      CASH: 0n,
      HOLDING: 0n,
      TAX: 0n,
    };
    const money = (value: bigint | number) => formatMoney(value, query.currency);
    const body = html`${this.periodForm(query)}
<section aria-labelledby="balances-h"><h2 id="balances-h">Balance (${query.currency})</h2>
<div class="grid tiles">
  ${this.tile('Available', money(balance.CASH), 'CASH', 'Settled: can be paid out')}
  ${this.tile(
    'Pending settlement',
    money(balance.HOLDING),
    'HOLDING',
    pending.due[0]?.expectedAt ? html`Next settlement ${timeHtml(pending.due[0].expectedAt, zone)}` : 'Nothing waiting',
  )}
  ${this.tile('VAT on fees', money(balance.TAX), 'TAX', "Collected on the gateway's fees")}
</div>
${this.pendingTable(pending, money, zone)}
</section>
<section aria-labelledby="period-h"><h2 id="period-h">${query.fromDay} to ${query.toDay}</h2>
<div class="grid tiles">
  ${this.tile('Gross volume', money(totals.sale.gross), 'gross', plural(totals.sale.count, 'payment', 'payments'))}
  ${this.tile('Fees', money(totals.sale.fee), 'fees', "The gateway's fees")}
  ${this.tile('VAT', money(totals.sale.feeTax), 'vat', 'VAT on the fees')}
  ${this.tile('Net', money(totals.sale.net), 'net', 'Gross less fees and VAT')}
  ${this.tile('Refunds', money(totals.refund.gross), 'refunds', plural(totals.refund.count, 'refund', 'refunds'))}
  ${this.tile(
    'Payouts',
    money(totals.payout.gross),
    'payouts',
    plural(totals.payout.count, 'disbursement', 'disbursements'),
  )}
</div>
${
  totals.top_up.count > 0 || session.mode === 'test'
    ? html`<p class="card" id="top-ups">Test top-ups in the period (not sales, not in the figures above): \
<strong data-figure="top-ups">${money(totals.top_up.gross)}</strong> in ${plural(
        totals.top_up.count,
        'top-up',
        'top-ups',
      )}.</p>`
    : ''
}
</section>
${this.daysSection(days, money)}
${this.productsSection(products, totals, money)}
${this.reconciliationSection(session, reconciliation, reconciling, zone)}
<script type="application/json" id="finance-data">${this.chartData(query, days, products)}</script>`;
    return renderPage({
      title: 'Overview',
      active: 'overview',
      session,
      body,
      zone,
      notice: noticeOf(request),
      error,
      scripts: ['/dashboard/assets/chart.umd.js', '/dashboard/assets/finance-charts.js'],
    });
  }

  private periodForm(query: FinanceQuery): SafeHtml {
    return html`<form method="get" action="/dashboard/overview" class="card filters" aria-label="Period">
<div class="filter-grid">
  <div><label for="period-from">From</label><input id="period-from" name="from" type="date" value="${query.fromDay}">\
</div>
  <div><label for="period-to">To (inclusive)</label><input id="period-to" name="to" type="date" value="${query.toDay}">\
</div>
  <div><label for="period-currency">Currency</label><select id="period-currency" name="currency">${query.currencies.map(
    (currency) =>
      html`<option value="${currency}"${currency === query.currency ? html` selected` : ''}>${currency}</option>`,
  )}</select></div>
</div>
<p><button type="submit">Show</button> <a href="/dashboard/overview">Last 14 days</a></p>
</form>`;
  }

  private tile(label: string, value: string, id: string, note: string | SafeHtml): SafeHtml {
    return html`<div class="card"><div class="muted">${label}</div><div class="figure" data-figure="${id}"${
      ['CASH', 'HOLDING', 'TAX'].includes(id) ? html` data-account="${id}"` : ''
    }>${value}</div><div class="muted">${note}</div></div>`;
  }

  private pendingTable(pending: PendingSummary, money: (value: bigint) => string, zone: string): SafeHtml {
    if (pending.due.length === 0 && pending.outgoing === 0n) return html``;
    return html`<h3>Pending settlement</h3>
<div class="table-wrap" tabindex="0"><table id="pending-settlement">\
<caption class="visually-hidden">Payments waiting to settle, soonest first</caption>
<thead><tr><th scope="col">Amount</th><th scope="col">Received</th><th scope="col">Settles</th></tr></thead>
<tbody>${pending.due.map(
      (entry) => html`<tr><td>${money(entry.amount)}</td><td>${timeHtml(entry.since, zone)}</td>
<td>${entry.expectedAt ? timeHtml(entry.expectedAt, zone) : 'when the bank confirms'}</td></tr>`,
    )}</tbody></table></div>
${
  pending.incomingCount > pending.due.length
    ? html`<p class="muted" id="pending-more">And ${pending.incomingCount - pending.due.length} more,
${money(pending.incoming)} in all.</p>`
    : ''
}
${
  pending.outgoing > 0n
    ? html`<p>Payouts and refunds on their way: <strong id="outgoing">${money(pending.outgoing)}</strong>.</p>`
    : ''
}`;
  }

  private daysSection(days: DaySums[], money: (value: bigint) => string): SafeHtml {
    return html`<section aria-labelledby="days-h"><h2 id="days-h">Per day</h2>
<div class="chart-box"><canvas id="chart-days" role="img" aria-label="Sales, refunds and payouts per day, \
as in the table below">Sales, refunds and payouts per day: see the table below.</canvas></div>
<div class="table-wrap" tabindex="0"><table id="finance-days"><caption class="visually-hidden">Per day</caption>
<thead><tr><th scope="col">Day</th><th scope="col">Sales (gross)</th><th scope="col">Fees and VAT</th>\
<th scope="col">Net</th><th scope="col">Refunds</th><th scope="col">Payouts</th><th scope="col">Test top-ups</th></tr>\
</thead>
<tbody>${days.map(
      (day) =>
        html`<tr data-day="${day.day}"><td>${day.day}</td><td class="amount">${money(day.sales)}</td>\
<td class="amount">${money(day.fees)}</td><td class="amount">${money(day.net)}</td>\
<td class="amount">${money(day.refunds)}</td><td class="amount">${money(day.payouts)}</td>\
<td class="amount">${money(day.topUps)}</td></tr>`,
    )}</tbody></table></div>
</section>`;
  }

  private productsSection(products: ProductSums[], totals: FinanceTotals, money: (value: bigint) => string): SafeHtml {
    const sales = products.filter((product) => product.kind === 'sale');
    return html`<section aria-labelledby="products-h"><h2 id="products-h">Per product</h2>
${
  sales.length > 0
    ? html`<div class="chart-box"><canvas id="chart-products" role="img" aria-label="Net and fees per product, \
as in the table below">Net and fees per product: see the table below.</canvas></div>`
    : ''
}
<div class="table-wrap" tabindex="0"><table id="finance-products"><caption class="visually-hidden">Per product</caption>
<thead><tr><th scope="col">Product</th><th scope="col">Count</th><th scope="col">Gross</th><th scope="col">Fees</th>\
<th scope="col">VAT</th><th scope="col">Net</th></tr></thead>
<tbody>${products.map(
      (product) =>
        html`<tr data-product="${product.product}"><th scope="row">${productTitle(product.product)}</th>\
<td>${product.count}</td><td class="amount">${money(product.gross)}</td><td class="amount">${money(product.fee)}</td>\
<td class="amount">${money(product.feeTax)}</td><td class="amount">${money(product.net)}</td></tr>`,
    )}
<tr data-product="total-sales"><th scope="row">All sales</th><td>${totals.sale.count}</td>\
<td class="amount">${money(totals.sale.gross)}</td><td class="amount">${money(totals.sale.fee)}</td>\
<td class="amount">${money(totals.sale.feeTax)}</td><td class="amount">${money(totals.sale.net)}</td></tr></tbody>\
</table></div>
<p class="muted">Sales are payments received; refunds and payouts count when they reach the recipient; \
test top-ups are never sales.</p>
</section>`;
  }

  private reconciliationSection(
    session: DashboardSession,
    run: ReconciliationRunView | undefined,
    running: boolean,
    zone: string,
  ): SafeHtml {
    const canRun = roleCan(session.role, 'reports:generate');
    const findings = run ? run.differences.length + run.overdrafts.length : 0;
    return html`<section aria-labelledby="reconciliation-h" class="card">\
<h2 id="reconciliation-h">Ledger reconciliation</h2>
${
  run
    ? html`<p id="reconciliation-result" class="${run.ok ? 'notice' : 'error'}">${
        run.ok
          ? 'OK: every balance equals its entries, every transaction sums to zero, ' +
            'the event log replays to the same journal, and no balance went below zero.'
          : `${findings} findings: see ledger reconcile for the details.`
      }</p>
<p>Last run ${timeHtml(run.ranAt, zone)} over ${run.scope.businessId ? 'this business' : 'every business'}${
        run.scope.mode ? ` (${run.scope.mode} mode)` : ''
      }, in ${run.durationMs} ms.</p>
${
  run.ok
    ? ''
    : html`<ul>${[
        ...run.differences.map(
          (difference) =>
            `${difference.check} ${difference.account ?? difference.eventId ?? ''}: expected ` +
            `${difference.expected}, found ${difference.actual}`,
        ),
        ...run.overdrafts.map(
          (overdraft) => `${overdraft.account} went to ${overdraft.balance} (${overdraft.eventType})`,
        ),
      ]
        .slice(0, 20)
        .map((line) => html`<li>${line}</li>`)}</ul>`
}`
    : html`<p id="reconciliation-result" class="muted">Not run yet. The operator's \
<code>ledger reconcile</code> and the button below record their result here.</p>`
}
${
  running
    ? html`<p id="reconciliation-running" role="status">Running: a reconciliation of this business is under way.
Reload the page for its result.</p>`
    : ''
}
${
  canRun && !running
    ? html`<form method="post" action="/dashboard/overview/reconcile">${csrfField(session)}${formKeyField()}
<button type="submit" class="secondary" id="reconcile-now">Reconcile now</button></form>`
    : ''
}
</section>`;
  }

  /** Money in HOLDING: payments waiting for their settlement (when it is due), payouts on their way; summed in SQL. */
  private pending(session: DashboardSession, currency: string): Promise<PendingSummary> {
    const scope = { businessId: session.businessId, mode: session.mode, currency };
    return this.journal.pendingSummary(scope, PENDING_LISTED);
  }

  /**
   * The charts' figures (minor units as numbers: a chart needs no exactness beyond 2^53), safe inside a script element.
   */
  private chartData(query: FinanceQuery, days: DaySums[], products: ProductSums[]): SafeHtml {
    const data = {
      currency: query.currency,
      exponent: CURRENCY_EXPONENTS[query.currency] ?? 0,
      days: days.map((day) => ({
        label: day.day.slice(5),
        sales: Number(day.sales),
        refunds: Number(day.refunds),
        payouts: Number(day.payouts),
      })),
      products: products
        .filter((product) => product.kind === 'sale')
        .map((product) => ({
          label: productTitle(product.product),
          net: Number(product.net),
          fees: Number(product.fee + product.feeTax),
        })),
    };
    return new SafeHtml(
      JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026'),
    );
  }
}
