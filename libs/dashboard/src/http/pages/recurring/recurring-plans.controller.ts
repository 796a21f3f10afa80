import {
  ChangeRecurringPaymentCommand,
  GetRecurringPaymentQuery,
  type RecurringChange,
  type RecurringSnapshot,
  recurringStream,
} from '@gateway/recurring';
import { Get, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { roleCan } from '../../../domain/roles';
import { ListsFreshness } from '../../../read-models/lists-freshness';
import type { DashboardSession } from '../../../read-models/session-store';
import { DashboardActionRunner, formKeyField } from '../../kit/action-runner';
import { formFields, sendConfirmationPage } from '../../kit/confirmation';
import { DashboardController, RequireCapability } from '../../kit/dashboard-controller.decorator';
import { pageNotFound } from '../../kit/dashboard-errors';
import { dashboardContext, dashboardState, field } from '../../kit/dashboard-request';
import { formErrorOf } from '../../kit/form-errors';
import { html, type SafeHtml } from '../../kit/html';
import { csrfField } from '../../kit/layout';
import { formatMoney } from '../../kit/money-format';
import { registerDashboardPage } from '../../kit/page-registry';
import type { NoticeCode } from '../../kit/respond';
import { sendHtml } from '../../kit/respond';
import { timeHtml, viewerTimeZone } from '../../kit/viewer-time';
import { amountColumn, createdColumn, idColumn, statusColumn, textColumn } from '../lists/list-columns';
import type { ListDefinition } from '../lists/list-definition';
import { ListView } from '../lists/list-view';
import { ResourceDetailView } from '../resource-detail.view';

registerDashboardPage({
  id: 'recurring-plans',
  title: 'Recurring plans',
  path: '/dashboard/recurring-plans',
  order: 23,
});

const PLAN_ID = /^[A-Za-z0-9_-]{1,64}$/;

const RECURRING_LIST: ListDefinition = {
  id: 'recurring-plans',
  title: 'Recurring plans',
  path: '/dashboard/recurring-plans',
  kinds: ['recurring-plans'],
  statuses: ['ACTIVE', 'PAUSED', 'STOPPED'],
  amountLabel: 'Amount',
  searchHint: 'Id, external id, payer email or last invoice id',
  columns: [
    idColumn((row) => `/dashboard/recurring-plans/${encodeURIComponent(row.id)}`),
    textColumn('External id', (row) => row.externalId),
    textColumn('Payer', (row) => row.payerEmail),
    textColumn('Every', (row) => row.channel),
    statusColumn(),
    amountColumn(),
    createdColumn(),
  ],
  detailHref: (row) => `/dashboard/recurring-plans/${encodeURIComponent(row.id)}`,
};

/** What each action does to a plan, and what it asks for first. */
const ACTIONS: Record<
  'pause' | 'resume' | 'stop',
  { change: RecurringChange; label: string; notice: NoticeCode; confirm?: string }
> = {
  pause: { change: { type: 'pause' }, label: 'Pause', notice: 'plan-paused' },
  resume: { change: { type: 'resume' }, label: 'Resume', notice: 'plan-resumed' },
  stop: {
    change: { type: 'stop' },
    label: 'Stop',
    notice: 'plan-stopped',
    confirm: 'A stopped plan issues no more invoices and cannot be resumed.',
  },
};

/**
 * Recurring plans: the list, a page per plan with its invoices and history, and pause, resume
 * and stop with the API's command (`POST /recurring_payments/{id}/pause!`, ...), once per form;
 * stopping (which cannot be undone) is confirmed first.
 */
@DashboardController('recurring-plans')
export class RecurringPlansController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly lists: ListView,
    private readonly frame: ResourceDetailView,
    private readonly runner: DashboardActionRunner,
    private readonly freshness: ListsFreshness,
  ) {}

  @Get()
  async list(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { status, page } = await this.lists.render(RECURRING_LIST, request, dashboardState(request).session);
    sendHtml(response, page, status);
  }

  @Get('export.csv')
  async export(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.lists.export(RECURRING_LIST, request, response, dashboardState(request).session);
  }

  @Get(':id')
  async detail(@Req() request: Request, @Res() response: Response, @Param('id') id: string): Promise<void> {
    const { session } = dashboardState(request);
    sendHtml(response, await this.renderDetail(request, session, await this.planOf(session, id)));
  }

  @Post(':id/pause')
  @RequireCapability('payments:manage')
  pause(@Req() request: Request, @Res() response: Response, @Param('id') id: string): Promise<void> {
    return this.act(request, response, id, 'pause');
  }

  @Post(':id/resume')
  @RequireCapability('payments:manage')
  resume(@Req() request: Request, @Res() response: Response, @Param('id') id: string): Promise<void> {
    return this.act(request, response, id, 'resume');
  }

  @Post(':id/stop')
  @RequireCapability('payments:manage')
  stop(@Req() request: Request, @Res() response: Response, @Param('id') id: string): Promise<void> {
    return this.act(request, response, id, 'stop');
  }

  private async act(request: Request, response: Response, id: string, name: keyof typeof ACTIONS): Promise<void> {
    const { session } = dashboardState(request);
    const plan = await this.planOf(session, id);
    const action = ACTIONS[name];
    const back = `/dashboard/recurring-plans/${encodeURIComponent(plan.recurringPaymentId)}`;
    try {
      if (action.confirm && field(request, 'confirm') !== 'yes') {
        sendConfirmationPage(request, response, {
          title: `${action.label} plan ${plan.externalId}`,
          active: 'recurring-plans',
          session,
          action: `${back}/${name}`,
          summary: [
            ['Plan', `${plan.recurringPaymentId} (${plan.externalId})`],
            ['Payer', plan.payerEmail],
            ['Amount', `${formatMoney(plan.amount, 'IDR')} every ${plan.intervalCount} ${plan.interval.toLowerCase()}`],
          ],
          fields: formFields(request.body),
          confirmLabel: `${action.label} plan`,
          cancelHref: back,
          danger: true,
          warning: action.confirm,
        });
        return;
      }
      const location = await this.runner.once(request, session, async () => {
        await this.commands.execute(
          new ChangeRecurringPaymentCommand(
            session.businessId,
            session.mode,
            plan.recurringPaymentId,
            action.change,
            dashboardContext(request, session),
          ),
        );
        await this.freshness.waitFor(recurringStream(plan.recurringPaymentId));
        return `${back}?notice=${action.notice}`;
      });
      response.redirect(303, location);
    } catch (error) {
      const refused = formErrorOf(error);
      if (!refused) throw error;
      sendHtml(response, await this.renderDetail(request, session, plan, refused.box), refused.status);
    }
  }

  private async planOf(session: DashboardSession, id: string): Promise<RecurringSnapshot> {
    const plan: RecurringSnapshot | undefined = PLAN_ID.test(id)
      ? await this.queries
          .execute(new GetRecurringPaymentQuery(session.businessId, session.mode, id))
          .catch(() => undefined)
      : undefined;
    if (!plan) throw pageNotFound('This recurring plan');
    return plan;
  }

  private renderDetail(
    request: Request,
    session: DashboardSession,
    plan: RecurringSnapshot,
    error?: SafeHtml,
  ): Promise<string> {
    const zone = viewerTimeZone(request);
    const base = `/dashboard/recurring-plans/${encodeURIComponent(plan.recurringPaymentId)}`;
    const button = (name: keyof typeof ACTIONS, danger = false) =>
      html`<form method="post" action="${base}/${name}" class="inline">${csrfField(session)}${formKeyField()}<button \
type="submit" id="${name}-plan"${danger ? html` class="danger"` : html` class="secondary"`}>${ACTIONS[name].label} \
plan${ACTIONS[name].confirm ? '…' : ''}</button></form>`;
    const manage = roleCan(session.role, 'payments:manage') && plan.status !== 'STOPPED';
    const sections: SafeHtml[] = [
      html`<section class="card" aria-labelledby="plan-actions-h"><h2 id="plan-actions-h">Invoices and actions</h2>
<p><a href="/dashboard/transactions?product=invoices&amp;q=${encodeURIComponent(plan.recurringPaymentId)}" \
id="plan-invoices-link">Invoices of this plan</a></p>
${
  manage
    ? html`<p class="actions">${plan.status === 'ACTIVE' ? button('pause') : button('resume')} \
${button('stop', true)}</p>`
    : ''
}
</section>`,
    ];
    return this.frame.render(
      request,
      session,
      {
        title: `Recurring plan ${plan.externalId}`,
        active: 'recurring-plans',
        fields: [
          ['Id', plan.recurringPaymentId],
          ['External id', plan.externalId],
          ['Status', html`<span id="plan-status">${plan.status}</span>`],
          ['Payer email', plan.payerEmail],
          ['Description', plan.description],
          ['Amount', formatMoney(plan.amount, 'IDR')],
          ['Every', `${plan.intervalCount} ${plan.interval.toLowerCase()}${plan.intervalCount > 1 ? 's' : ''}`],
          ['Cycles billed', `${plan.recurrenceProgress}${plan.totalRecurrence ? ` of ${plan.totalRecurrence}` : ''}`],
          ['Card on file', plan.creditCardToken ? 'yes (charged every cycle)' : 'no'],
          ['Starts', timeHtml(plan.startDate, zone)],
          ['Created', timeHtml(plan.createdAt, zone)],
          ['Updated', timeHtml(plan.updatedAt, zone)],
        ],
        sections,
        history: { resource: 'recurring_payment', id: plan.recurringPaymentId },
        back: { href: '/dashboard/recurring-plans', label: 'Back to recurring plans' },
      },
      error,
    );
  }
}
