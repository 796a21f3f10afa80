import { DomainError } from '@gateway/domain';
import { type DisbursementView, GetDisbursementQuery } from '@gateway/disbursements';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { html, type SafeHtml } from '../kit/html';
import { formatMoney } from '../kit/money-format';
import { timeHtml } from '../kit/viewer-time';
import type { DetailContext, TransactionDetail, TransactionSource } from './transaction-source';

@Injectable()
export class DisbursementsTransactionSource implements TransactionSource {
  readonly id = 'disbursements';

  constructor(private readonly queries: QueryBus) {}

  async detail(context: DetailContext, id: string): Promise<TransactionDetail | undefined> {
    let view: DisbursementView;
    try {
      view = await this.queries.execute(new GetDisbursementQuery(context.businessId, context.mode, id));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'DIRECT_DISBURSEMENT_NOT_FOUND_ERROR') return undefined;
      throw error;
    }
    const fields: [string, string | SafeHtml][] = [
      ['Id', view.disbursementId],
      ['External id', view.externalId],
      ['Status', view.status],
      ['Amount', formatMoney(view.amount, view.currency)],
      ['Bank', view.bankCode],
      ['Account holder', view.accountHolderName],
      ['Account number', view.accountNumber],
      ['Description', view.description],
      ...(view.batchId ? ([['Batch', html`<code>${view.batchId}</code>`]] as [string, SafeHtml][]) : []),
      ...(view.failureCode ? ([['Failure', view.failureCode]] as [string, string][]) : []),
      ['Created', timeHtml(view.createdAt, context.zone)],
      ['Updated', timeHtml(view.updatedAt, context.zone)],
    ];
    return { fields, history: { resource: 'disbursement', id: view.disbursementId } };
  }
}
