import {
  type CardTransactionView,
  CreateRefundCommand,
  CreateRefundRequestDto,
  SearchCardTransactionsQuery,
  cardChargeStream,
} from '@gateway/cards';
import { Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { ListsFreshness } from '../../../read-models/lists-freshness';
import { DashboardActionRunner } from '../../kit/action-runner';
import { formFields, sendConfirmationPage } from '../../kit/confirmation';
import { DashboardController, RequireCapability } from '../../kit/dashboard-controller.decorator';
import { pageNotFound } from '../../kit/dashboard-errors';
import { dashboardContext, dashboardState, field } from '../../kit/dashboard-request';
import { formErrorOf, numberField, validateAs } from '../../kit/form-errors';
import { formatMoney } from '../../kit/money-format';
import { sendHtml } from '../../kit/respond';
import { TransactionDetailView } from '../transaction-detail.view';

const CHARGE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Refunds a card charge, in full or in part, with the API's command (`POST
 * /credit_card_charges/{id}/refunds`) and its request DTO: confirmed first, once per form.
 */
@DashboardController('transactions/card-charges')
export class CardRefundController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly runner: DashboardActionRunner,
    private readonly details: TransactionDetailView,
    private readonly freshness: ListsFreshness,
  ) {}

  @Post(':id/refund')
  @RequireCapability('payments:manage')
  async refund(@Req() request: Request, @Res() response: Response, @Param('id') chargeId: string): Promise<void> {
    const { session } = dashboardState(request);
    const charge = CHARGE_ID.test(chargeId)
      ? await this.chargeOf(session.businessId, session.mode, chargeId)
      : undefined;
    if (!charge) throw pageNotFound('This charge');
    const back = `/dashboard/transactions/card-charges/${encodeURIComponent(chargeId)}`;
    try {
      const dto = await validateAs(CreateRefundRequestDto, {
        amount: numberField(field(request, 'amount')),
        external_id: field(request, 'external_id')?.trim(),
      });
      if (field(request, 'confirm') !== 'yes') {
        sendConfirmationPage(request, response, {
          title: `Refund charge ${charge.chargeId}`,
          active: 'transactions',
          session,
          action: `${back}/refund`,
          summary: [
            ['Charge', `${charge.chargeId} (${charge.externalId})`],
            ['Card', charge.maskedCardNumber ?? '—'],
            ['Charged', formatMoney(charge.amount, charge.currency)],
            ['Refund', formatMoney(dto.amount, charge.currency)],
            ['Refund reference', dto.external_id],
          ],
          fields: formFields(request.body),
          confirmLabel: `Refund ${formatMoney(dto.amount, charge.currency)}`,
          cancelHref: back,
          danger: true,
          warning: "The money goes back to the payer's card; a refund cannot be undone.",
        });
        return;
      }
      const location = await this.runner.once(request, session, async () => {
        await this.commands.execute(
          new CreateRefundCommand(
            session.businessId,
            session.mode,
            charge.chargeId,
            dto.external_id,
            dto.amount,
            false,
            dashboardContext(request, session),
          ),
        );
        await this.freshness.waitFor(cardChargeStream(charge.chargeId));
        return `${back}?notice=refund-requested`;
      });
      response.redirect(303, location);
    } catch (error) {
      const refused = formErrorOf(error);
      if (!refused) throw error;
      sendHtml(
        response,
        await this.details.render(request, session, 'card-charges', charge.chargeId, refused.box),
        refused.status,
      );
    }
  }

  private async chargeOf(
    businessId: string,
    mode: 'test' | 'live',
    chargeId: string,
  ): Promise<CardTransactionView | undefined> {
    const views: CardTransactionView[] = await this.queries.execute(
      new SearchCardTransactionsQuery(businessId, mode, { kind: 'charge', id: chargeId, limit: 5 }),
    );
    return views.find((view) => view.id === chargeId);
  }
}
