import { DomainError } from '@gateway/domain';
import { type DisbursementView, GetDisbursementQuery, SearchDisbursementsQuery } from '@gateway/disbursements';
import type { Mode } from '@gateway/platform';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { TransactionDetail, TransactionFilter, TransactionRow, TransactionSource } from './transaction-source';

@Injectable()
export class DisbursementsTransactionSource implements TransactionSource {
  readonly id = 'disbursements';
  readonly title = 'Disbursements';
  readonly statuses = ['PENDING', 'COMPLETED', 'FAILED'];

  constructor(private readonly queries: QueryBus) {}

  async search(businessId: string, mode: Mode, filter: TransactionFilter, limit: number): Promise<TransactionRow[]> {
    const views = await this.queries.execute(
      new SearchDisbursementsQuery(businessId, mode, { id: filter.id, status: filter.status, createdFrom: filter.from, createdTo: filter.to, limit }),
    );
    return views.map((view) => ({
      source: this.id,
      id: view.disbursementId,
      externalId: view.externalId,
      type: 'Disbursement',
      status: view.status,
      amount: view.amount,
      currency: view.currency,
      created: view.createdAt,
    }));
  }

  async detail(businessId: string, mode: Mode, id: string): Promise<TransactionDetail | undefined> {
    let view: DisbursementView;
    try {
      view = await this.queries.execute(new GetDisbursementQuery(businessId, mode, id));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'DIRECT_DISBURSEMENT_NOT_FOUND_ERROR') return undefined;
      throw error;
    }
    const fields: [string, string][] = [
      ['Id', view.disbursementId],
      ['External id', view.externalId],
      ['Status', view.status],
      ['Amount', `${view.amount} ${view.currency}`],
      ['Bank', view.bankCode],
      ['Account holder', view.accountHolderName],
      ['Account number', view.accountNumber],
      ['Description', view.description],
      ...(view.failureCode ? ([['Failure', view.failureCode]] as [string, string][]) : []),
      ['Created', view.createdAt],
      ['Updated', view.updatedAt],
    ];
    return { fields, history: { resource: 'disbursement', id: view.disbursementId } };
  }
}
