import { type CardTransactionView, SearchCardTransactionsQuery } from '@gateway/cards';
import type { Mode } from '@gateway/platform';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { TransactionDetail, TransactionFilter, TransactionRow, TransactionSource } from './transaction-source';

const CARD_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** Card charges or refunds; both live in the charge's stream, so both show the charge's history. */
abstract class CardTransactionSource implements TransactionSource {
  abstract readonly id: string;
  abstract readonly title: string;
  abstract readonly statuses: readonly string[];
  protected abstract readonly kind: 'charge' | 'refund';

  constructor(private readonly queries: QueryBus) {}

  /**
   * A charge an invoice made (its page's card form) is that invoice's payment (the invoice
   * recorded its money and lists it): listed once, under the invoice. Its detail page stays
   * reachable by id.
   */
  async search(businessId: string, mode: Mode, filter: TransactionFilter, limit: number): Promise<TransactionRow[]> {
    const search = { id: filter.id, status: filter.status, createdFrom: filter.from, createdTo: filter.to, limit, excludeRecordedElsewhere: true };
    const views = await this.find(businessId, mode, search);
    return views.map((view) => ({
      source: this.id,
      id: view.id,
      externalId: view.externalId,
      type: this.kind === 'charge' ? 'Card charge' : 'Card refund',
      status: view.status,
      amount: view.amount,
      currency: view.currency,
      created: view.createdAt,
    }));
  }

  async detail(businessId: string, mode: Mode, id: string): Promise<TransactionDetail | undefined> {
    if (!CARD_ID.test(id)) return undefined;
    const view = (await this.find(businessId, mode, { id, limit: 5 })).find((candidate) => candidate.id === id);
    if (!view) return undefined;
    const fields: [string, string][] = [
      ['Id', view.id],
      ...(this.kind === 'refund' ? ([['Charge', view.chargeId]] as [string, string][]) : []),
      ['External id', view.externalId],
      ['Status', view.status],
      ['Amount', `${view.amount} ${view.currency}`],
      ...(view.maskedCardNumber ? ([['Card', view.maskedCardNumber]] as [string, string][]) : []),
      ...(view.failureReason ? ([['Failure', view.failureReason]] as [string, string][]) : []),
      ['Created', view.createdAt],
      ['Updated', view.updatedAt],
    ];
    return { fields, history: { resource: 'charge', id: view.chargeId } };
  }

  private find(businessId: string, mode: Mode, search: Omit<ConstructorParameters<typeof SearchCardTransactionsQuery>[2], 'kind'>): Promise<CardTransactionView[]> {
    return this.queries.execute(new SearchCardTransactionsQuery(businessId, mode, { ...search, kind: this.kind }));
  }
}

@Injectable()
export class CardChargesTransactionSource extends CardTransactionSource {
  readonly id = 'card-charges';
  readonly title = 'Card charges';
  readonly statuses = ['AUTHORIZED', 'CAPTURED', 'FAILED', 'REVERSED', 'EXPIRED'];
  protected readonly kind = 'charge';

  // Nest injects by the class's own constructor parameters, not an inherited constructor's.
  constructor(queries: QueryBus) {
    super(queries);
  }
}

@Injectable()
export class CardRefundsTransactionSource extends CardTransactionSource {
  readonly id = 'card-refunds';
  readonly title = 'Card refunds';
  readonly statuses = ['PENDING', 'SUCCEEDED', 'FAILED'];
  protected readonly kind = 'refund';

  // Nest injects by the class's own constructor parameters, not an inherited constructor's.
  constructor(queries: QueryBus) {
    super(queries);
  }
}
