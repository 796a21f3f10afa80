import { FixedInstruments } from '@gateway/fixed-instruments';
import { FindFixedVirtualAccountQuery, type FixedVirtualAccountRef } from '@gateway/invoices';
import { Clock } from '@gateway/clock';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { VIRTUAL_ACCOUNTS } from '../virtual-account-kind';
import { fixedVirtualAccountRef } from './fixed-virtual-account-ref';

/** The invoices context's port: a fixed account of this business and mode (read from its stream: always current). */
@QueryHandler(FindFixedVirtualAccountQuery)
export class FindFixedVirtualAccountHandler implements IQueryHandler<
  FindFixedVirtualAccountQuery,
  FixedVirtualAccountRef | undefined
> {
  constructor(
    private readonly instruments: FixedInstruments,
    private readonly clock: Clock,
  ) {}

  async execute(query: FindFixedVirtualAccountQuery): Promise<FixedVirtualAccountRef | undefined> {
    const { businessId, mode, vaId } = query;
    const account = await this.instruments.findOwned(VIRTUAL_ACCOUNTS, vaId, businessId, mode);
    if (account?.origin.kind !== 'fixed') return undefined;
    const now = await this.clock.now({ businessId, mode });
    return fixedVirtualAccountRef(account, now);
  }
}
