import { Injectable } from '@nestjs/common';
import { CommandBus, type ICommand } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { ListsFreshness } from '../../../read-models/lists-freshness';
import { DashboardActionRunner } from '../../kit/action-runner';
import { dashboardState } from '../../kit/dashboard-request';
import { formErrorOf } from '../../kit/form-errors';
import { sendHtml } from '../../kit/respond';
import { TransactionDetailView } from '../transaction-detail.view';

/** A transaction's page: `source` is its transaction source's id (`card-charges`, `invoices`). */
export interface TransactionPage {
  source: string;
  id: string;
}

export function transactionPageHref({ source, id }: TransactionPage): string {
  return `/dashboard/transactions/${source}/${encodeURIComponent(id)}`;
}

/** What a confirmed action changes, and how the transaction's page says it changed. */
export interface TransactionChange {
  /** Built inside the form's keyed execution, as the action runs. */
  command: () => ICommand;
  /** The stream the command appends to: the page waits until the lists show it. */
  stream: string;
  /** One of the fixed NOTICES. */
  notice: string;
}

/**
 * The actions on a transaction's page (refund a charge, expire an invoice) answer alike: the change runs once per form
 * (DashboardActionRunner), then the browser goes back to the transaction's page with a notice; a refusal (an invalid
 * form, a refused command) shows that page again with the problem, in the refusal's status.
 */
@Injectable()
export class TransactionActions {
  constructor(
    private readonly commands: CommandBus,
    private readonly runner: DashboardActionRunner,
    private readonly details: TransactionDetailView,
    private readonly freshness: ListsFreshness,
  ) {}

  /** `decide` reads the form: the change to make, or undefined once it has answered itself (a confirmation page). */
  async answer(
    request: Request,
    response: Response,
    page: TransactionPage,
    decide: () => Promise<TransactionChange | undefined> | TransactionChange | undefined,
  ): Promise<void> {
    const { session } = dashboardState(request);
    try {
      const change = await decide();
      if (!change) return;
      const location = await this.runner.once(request, session, async () => {
        await this.commands.execute(change.command());
        await this.freshness.waitFor(change.stream);
        return `${transactionPageHref(page)}?notice=${change.notice}`;
      });
      response.redirect(303, location);
    } catch (error) {
      const refused = formErrorOf(error);
      if (!refused) throw error;
      sendHtml(
        response,
        await this.details.render(request, session, page.source, page.id, refused.box),
        refused.status,
      );
    }
  }
}
