import { DomainError } from '@gateway/domain';
import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import { FindFixedVirtualAccountQuery, type FixedVirtualAccountRef } from '@gateway/invoices';
import { Clock } from '@gateway/platform';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { loadOwnedAccount } from '../owned-account';
import { fixedVirtualAccountRef } from './fixed-virtual-account-ref';

/** The invoices context's port: a fixed account of this business and mode (read from its stream: always current). */
@QueryHandler(FindFixedVirtualAccountQuery)
export class FindFixedVirtualAccountHandler implements IQueryHandler<FindFixedVirtualAccountQuery, FixedVirtualAccountRef | undefined> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute(query: FindFixedVirtualAccountQuery): Promise<FixedVirtualAccountRef | undefined> {
    const { businessId, mode, vaId } = query;
    let account;
    try {
      account = await loadOwnedAccount(this.store, vaId, businessId, mode);
    } catch (error) {
      if (error instanceof DomainError) return undefined;
      throw error;
    }
    if (account.origin.kind !== 'fixed') return undefined;
    const now = await this.clock.now({ businessId, mode });
    return fixedVirtualAccountRef(account, now);
  }
}
