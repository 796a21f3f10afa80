import { decideAndAppend, EVENT_STORE, type EventStore } from '@gateway/event-store';
import { feeFor, feeRuleFor, LEDGER_PROJECTION } from '@gateway/ledger';
import { Clock, IdGenerator, toCommandMetadata } from '@gateway/platform';
import { ProjectionProgress } from '@gateway/projections';
import { Inject } from '@nestjs/common';
import { FindInvoiceClaimingVirtualAccountQuery } from '@gateway/invoices';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { virtualAccountDecider } from '../../domain/virtual-account.decider';
import { VirtualAccountErrors } from '../../domain/virtual-account.errors';
import { type VirtualAccountPaid, virtualAccountStream } from '../../domain/virtual-account.events';
import { VIRTUAL_ACCOUNTS_PROJECTION } from '../../read-models/virtual-accounts.projection';
import { BusinessVaTerms } from '../business-va-terms';
import { loadOwnedAccount } from '../owned-account';
import { hexId, virtualAccountId } from '../va-identity';
import { type SimulatedVirtualAccountPayment, SimulateVirtualAccountPaymentCommand } from './simulate-virtual-account-payment.command';

@CommandHandler(SimulateVirtualAccountPaymentCommand)
export class SimulateVirtualAccountPaymentHandler implements ICommandHandler<SimulateVirtualAccountPaymentCommand, SimulatedVirtualAccountPayment> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly progress: ProjectionProgress,
    private readonly terms: BusinessVaTerms,
    private readonly queries: QueryBus,
  ) {}

  async execute(command: SimulateVirtualAccountPaymentCommand): Promise<SimulatedVirtualAccountPayment> {
    const { businessId, mode, bankCode, accountNumber, amount } = command;
    if (mode !== 'test') throw VirtualAccountErrors.testModeOnly();
    const vaId = virtualAccountId(businessId, mode, bankCode, accountNumber);
    await loadOwnedAccount(this.store, vaId, businessId, mode).catch(() => {
      throw VirtualAccountErrors.notFound(`${bankCode} ${accountNumber}`);
    });
    const { feeSchedule } = await this.terms.of(businessId, mode);
    const { fee, feeTax } = feeFor(amount, feeRuleFor(bankCode, feeSchedule));
    const now = await this.clock.now({ businessId, mode });
    const invoiceId = await this.queries.execute(new FindInvoiceClaimingVirtualAccountQuery(businessId, mode, vaId, amount, now));
    const claimedBy = invoiceId ? { context: 'invoices' as const, resourceId: invoiceId } : undefined;
    const decision = await decideAndAppend(
      this.store,
      virtualAccountStream(vaId),
      virtualAccountDecider,
      { type: 'ReceiveVirtualAccountPayment', vaId, id: hexId(this.ids.uuid()), paymentId: hexId(this.ids.uuid()), amount, fee, feeTax, claimedBy, now },
      toCommandMetadata(command.context, now, { businessId, mode }),
    );
    if (decision.appended) await this.progress.waitFor([VIRTUAL_ACCOUNTS_PROJECTION, LEDGER_PROJECTION], decision.appended.position, 10_000);
    const paid = decision.events.find((event): event is VirtualAccountPaid => event.type === 'VirtualAccountPaid')!;
    return { payment: paid.data.payment, account: paid.data.snapshot, ...(decision.appended && { position: decision.appended.position }) };
  }
}
