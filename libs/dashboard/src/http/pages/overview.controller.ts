import { JournalReader, ListBalancesQuery } from '@gateway/ledger';
import { Clock } from '@gateway/platform';
import { Get, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { DashboardController } from '../kit/dashboard-controller.decorator';
import { dashboardState } from '../kit/dashboard-request';
import { html } from '../kit/html';
import { renderPage } from '../kit/layout';
import { registerDashboardPage } from '../kit/page-registry';
import { formatMinor, noticeOf, sendHtml } from '../kit/respond';
import { type DailyFlow, moneyChart } from './money-chart';

registerDashboardPage({ id: 'overview', title: 'Overview', path: '/dashboard/overview', order: 10 });

const CHART_DAYS = 14;
const DAY_MS = 86_400_000;

/** Balances per currency (CASH, HOLDING, TAX) and money in and out over the last two weeks. */
@DashboardController('overview')
export class OverviewController {
  constructor(
    private readonly queries: QueryBus,
    private readonly journal: JournalReader,
    private readonly clock: Clock,
  ) {}

  @Get()
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { session } = dashboardState(request);
    const balances = await this.queries.execute(new ListBalancesQuery(session.businessId, session.mode));
    const shown = balances.length > 0 ? balances : [{ currency: 'IDR', balances: { CASH: 0n, HOLDING: 0n, TAX: 0n } }];
    const now = await this.clock.now({ businessId: session.businessId, mode: session.mode });
    const charts = await Promise.all(shown.map(async (entry) => ({ currency: entry.currency, days: await this.dailyFlows(session.businessId, session.mode, entry.currency, now) })));
    const body = html`${shown.map(
      (entry) => html`<section aria-labelledby="bal-${entry.currency}">
  <h2 id="bal-${entry.currency}">Balance (${entry.currency})</h2>
  <div class="grid">
    ${(['CASH', 'HOLDING', 'TAX'] as const).map((account) => html`<div class="card"><div class="muted">${account}</div><div class="figure" data-account="${account}">${formatMinor(entry.balances[account])}</div></div>`)}
  </div>
</section>`,
    )}
${charts.map((chart) => html`<section aria-labelledby="flow-${chart.currency}"><h2 id="flow-${chart.currency}">Money in and out (${chart.currency})</h2>${moneyChart(chart.days, chart.currency)}</section>`)}`;
    sendHtml(response, renderPage({ title: 'Overview', active: 'overview', session, body, notice: noticeOf(request) }));
  }

  /** Money in = what payers paid (PAYERS debited); money out = what left to the payout rail. */
  private async dailyFlows(businessId: string, mode: 'test' | 'live', currency: string, now: Date): Promise<DailyFlow[]> {
    const end = Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
    const start = end - CHART_DAYS * DAY_MS;
    const days: DailyFlow[] = Array.from({ length: CHART_DAYS }, (_, index) => ({
      day: new Date(start + index * DAY_MS).toISOString().slice(0, 10),
      moneyIn: 0n,
      moneyOut: 0n,
    }));
    for await (const page of this.journal.transactions({ businessId, mode, currency }, new Date(start), new Date(end))) {
      for (const row of page) {
        const day = days[Math.floor((row.occurredAt.getTime() - start) / DAY_MS)];
        if (!day) continue;
        if (row.changes.PAYERS < 0n) day.moneyIn += -row.changes.PAYERS;
        if (row.changes.PAYOUT_RAIL > 0n) day.moneyOut += row.changes.PAYOUT_RAIL;
      }
    }
    return days;
  }
}
