import { type CardTransactionView, SearchCardTransactionsQuery } from '@gateway/cards';
import type { Mode } from '@gateway/clock';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { roleCan } from '../../domain/roles';
import { ListRowsReader } from '../../read-models/list-rows.reader';
import { formKeyField } from '../kit/action-runner';
import { html, type SafeHtml } from '../kit/html';
import { csrfField } from '../kit/layout';
import { formatMoney } from '../kit/money-format';
import { timeHtml } from '../kit/viewer-time';
import type { DetailContext, TransactionDetail, TransactionSource } from './transaction-source';

const CARD_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** Refunds that hold (or took) money of the charge: a failed one gave it back. */
const HOLDING_REFUND = new Set(['PENDING', 'SUCCEEDED']);

/**
 * Card charges or refunds; both live in the charge's stream, so both show the charge's history. Injectable itself so
 * that its subclasses, which declare no constructor, inherit its parameters' types for Nest to inject.
 */
@Injectable()
abstract class CardTransactionSource implements TransactionSource {
  abstract readonly id: 'card-charges' | 'card-refunds';
  protected abstract readonly kind: 'charge' | 'refund';

  constructor(
    private readonly queries: QueryBus,
    private readonly lists: ListRowsReader,
  ) {}

  async detail(context: DetailContext, id: string): Promise<TransactionDetail | undefined> {
    if (!CARD_ID.test(id)) return undefined;
    const view = (await this.find(context.businessId, context.mode, id)).find((candidate) => candidate.id === id);
    if (!view) return undefined;
    const fields: [string, string | SafeHtml][] = [
      ['Id', view.id],
      ...(this.kind === 'refund'
        ? ([
            [
              'Charge',
              html`<a href="/dashboard/transactions/card-charges/${encodeURIComponent(view.chargeId)}">\
${view.chargeId}</a>`,
            ],
          ] as [string, SafeHtml][])
        : []),
      ['External id', view.externalId],
      ['Status', view.status],
      ['Amount', formatMoney(view.amount, view.currency)],
      ...(view.maskedCardNumber ? ([['Card', view.maskedCardNumber]] as [string, string][]) : []),
      ...(view.failureReason ? ([['Failure', view.failureReason]] as [string, string][]) : []),
      ['Created', timeHtml(view.createdAt, context.zone)],
      ['Updated', timeHtml(view.updatedAt, context.zone)],
    ];
    const sections = this.kind === 'charge' ? [await this.refunds(context, view)] : [];
    return { fields, history: { resource: 'charge', id: view.chargeId }, sections };
  }

  /** The charge's refunds, and (captured money left, a role that may) the refund form. */
  private async refunds(context: DetailContext, charge: CardTransactionView): Promise<SafeHtml> {
    const refunds = await this.lists.refundsOfCharge(context.businessId, context.mode, charge.chargeId);
    const held = refunds
      .filter((refund) => HOLDING_REFUND.has(refund.status))
      .reduce((total, refund) => total + (refund.amount ?? 0), 0);
    const refundable = charge.status === 'CAPTURED' ? Math.max(charge.amount - held, 0) : 0;
    const canRefund = roleCan(context.session.role, 'payments:manage') && refundable > 0;
    return html`<section aria-labelledby="refunds-h" class="card"><h2 id="refunds-h">Refunds</h2>
${
  refunds.length > 0
    ? html`<div class="table-wrap" tabindex="0"><table id="charge-refunds"><thead><tr><th scope="col">Refund</th>\
<th scope="col">Status</th><th scope="col">Amount</th><th scope="col">Created</th></tr></thead>
<tbody>${refunds.map(
        (refund) =>
          html`<tr><td><a href="/dashboard/transactions/card-refunds/${encodeURIComponent(refund.id)}">${refund.id}</a>\
</td><td>${refund.status}</td><td>${formatMoney(refund.amount ?? 0, refund.currency ?? charge.currency)}</td>\
<td>${timeHtml(refund.createdAt, context.zone)}</td></tr>`,
      )}</tbody></table></div>`
    : html`<p class="muted">No refunds.</p>`
}
<p>Refundable: <strong id="refundable">${formatMoney(refundable, charge.currency)}</strong></p>
${
  canRefund
    ? html`<form method="post" action="/dashboard/transactions/card-charges/\
${encodeURIComponent(charge.chargeId)}/refund" class="action-form">${csrfField(context.session)}${formKeyField()}
  <label for="refund-amount">Refund amount (${charge.currency})</label>\
<input id="refund-amount" name="amount" type="number" min="1" max="${refundable}" step="1" required \
value="${refundable}">
  <label for="refund-external-id">Refund reference (external id)</label>\
<input id="refund-external-id" name="external_id" type="text" maxlength="64" required \
value="refund-${randomUUID().slice(0, 8)}">
  <button type="submit" class="danger">Refund…</button>
</form>`
    : ''
}
</section>`;
  }

  private find(businessId: string, mode: Mode, id: string): Promise<CardTransactionView[]> {
    return this.queries.execute(new SearchCardTransactionsQuery(businessId, mode, { id, limit: 5, kind: this.kind }));
  }
}

@Injectable()
export class CardChargesTransactionSource extends CardTransactionSource {
  readonly id = 'card-charges';
  protected readonly kind = 'charge';
}

@Injectable()
export class CardRefundsTransactionSource extends CardTransactionSource {
  readonly id = 'card-refunds';
  protected readonly kind = 'refund';
}
