import {
  type CardTransactionView,
  CreateRefundCommand,
  CreateRefundRequestDto,
  SearchCardTransactionsQuery,
  cardChargeStream,
} from '@gateway/cards';
import { Param, Post, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { formFields, sendConfirmationPage } from '../../kit/confirmation';
import { DashboardController, RequireCapability } from '../../kit/dashboard-controller.decorator';
import { pageNotFound } from '../../kit/dashboard-errors';
import { dashboardContext, dashboardState, field } from '../../kit/dashboard-request';
import { numberField, validateAs } from '../../kit/form-errors';
import { formatMoney } from '../../kit/money-format';
import { TransactionActions, transactionPageHref } from './transaction-actions';

const CHARGE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Refunds a card charge, in full or in part, with the API's command (`POST
 * /credit_card_charges/{id}/refunds`) and its request DTO: confirmed first, once per form.
 */
@DashboardController('transactions/card-charges')
export class CardRefundController {
  constructor(
    private readonly queries: QueryBus,
    private readonly actions: TransactionActions,
  ) {}

  @Post(':id/refund')
  @RequireCapability('payments:manage')
  async refund(@Req() request: Request, @Res() response: Response, @Param('id') chargeId: string): Promise<void> {
    const { session } = dashboardState(request);
    const charge = CHARGE_ID.test(chargeId)
      ? await this.chargeOf(session.businessId, session.mode, chargeId)
      : undefined;
    if (!charge) throw pageNotFound('This charge');
    const page = { source: 'card-charges', id: charge.chargeId };
    await this.actions.answer(request, response, page, async () => {
      const dto = await validateAs(CreateRefundRequestDto, {
        amount: numberField(field(request, 'amount')),
        external_id: field(request, 'external_id')?.trim(),
      });
      if (field(request, 'confirm') !== 'yes') {
        sendConfirmationPage(request, response, {
          title: `Refund charge ${charge.chargeId}`,
          active: 'transactions',
          session,
          action: `${transactionPageHref(page)}/refund`,
          summary: [
            ['Charge', `${charge.chargeId} (${charge.externalId})`],
            ['Card', charge.maskedCardNumber ?? '—'],
            ['Charged', formatMoney(charge.amount, charge.currency)],
            ['Refund', formatMoney(dto.amount, charge.currency)],
            ['Refund reference', dto.external_id],
          ],
          fields: formFields(request.body),
          confirmLabel: `Refund ${formatMoney(dto.amount, charge.currency)}`,
          cancelHref: transactionPageHref(page),
          danger: true,
          warning: "The money goes back to the payer's card; a refund cannot be undone.",
        });
        return undefined;
      }
      return {
        command: () =>
          new CreateRefundCommand(
            session.businessId,
            session.mode,
            charge.chargeId,
            dto.external_id,
            dto.amount,
            false,
            dashboardContext(request, session),
          ),
        stream: cardChargeStream(charge.chargeId),
        notice: 'refund-requested',
      };
    });
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
