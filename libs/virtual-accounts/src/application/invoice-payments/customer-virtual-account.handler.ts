import { DomainError } from '@gateway/domain';
import { decideAndAppend, EVENT_STORE, type EventStore, loadAggregate } from '@gateway/event-store';
import { type FixedVirtualAccountRef, OpenCustomerVirtualAccountCommand } from '@gateway/invoices';
import { Clock, toCommandMetadata } from '@gateway/platform';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { type AssignedAccount, customerVirtualAccountDecider } from '../../domain/customer-virtual-account.decider';
import { customerVirtualAccountStream } from '../../domain/customer-virtual-account.events';
import { VirtualAccountErrors } from '../../domain/virtual-account.errors';
import { type VirtualAccountSnapshot, virtualAccountStream } from '../../domain/virtual-account.events';
import { virtualAccountDecider } from '../../domain/virtual-account.decider';
import type { NumberRange } from '../../domain/va-number-range';
import { BusinessVaTerms } from '../business-va-terms';
import { fixedVirtualAccountRef } from './fixed-virtual-account-ref';
import { virtualAccountId } from '../va-identity';
import { candidates, VirtualAccountOpener } from '../virtual-account-opener';

/** Rounds of "assign, open, check" before giving up (each round only follows a concurrent change or a dead account). */
const MAX_ROUNDS = 5;
/** The spec's `name` limit on fixed accounts. */
const MAX_NAME = 255;

/** The customer identity an account is keyed and named by. */
export function customerEmailKey(payerEmail: string): string {
  return payerEmail.trim().toLowerCase();
}

/** The account's external id: tells the merchant (and this handler) whose account it is. */
export function customerAccountExternalId(email: string): string {
  return `invoice-customer:${email}`;
}

function mappingKey(businessId: string, mode: string, bankCode: string, email: string): string {
  return createHash('sha256').update(`customerfva\u0000${businessId}\u0000${mode}\u0000${bankCode}\u0000${email}`).digest('hex').slice(0, 32);
}

/**
 * The invoices context's port for `fixed_va: true`. The mapping stream is written FIRST (it
 * names the number), then the account is opened at that number: two parallel first invoices
 * of a customer race on the mapping's `no_stream` append, the loser adopts the winner's number,
 * and whoever opens the account first wins its `no_stream` append while the other finds it open.
 * So a customer gets exactly one account per bank and no stray account is ever opened; a crash
 * between the two appends is finished by the next invoice. An account that can no longer take
 * payments (the merchant expired it, or made it single use and it was paid), or a number that a
 * merchant's own account took meanwhile, is replaced by a fresh number.
 */
@CommandHandler(OpenCustomerVirtualAccountCommand)
export class OpenCustomerVirtualAccountHandler implements ICommandHandler<OpenCustomerVirtualAccountCommand, FixedVirtualAccountRef | undefined> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly terms: BusinessVaTerms,
    private readonly opener: VirtualAccountOpener,
  ) {}

  async execute(command: OpenCustomerVirtualAccountCommand): Promise<FixedVirtualAccountRef | undefined> {
    const { businessId, mode, bankCode } = command;
    const email = customerEmailKey(command.payerEmail);
    const terms = await this.terms.of(businessId, mode);
    const range = terms.rangeFor(bankCode);
    if (!range || !terms.enabled.some((bank) => bank.code === bankCode)) return undefined;
    const stream = customerVirtualAccountStream(mappingKey(businessId, mode, bankCode, email));
    const now = await this.clock.now({ businessId, mode });
    const metadata = toCommandMetadata(command.context, now, { businessId, mode });
    const assign = async (replacing?: string): Promise<AssignedAccount> => {
      const account = await this.freeNumber(businessId, mode, bankCode, range);
      const decision = await decideAndAppend(this.store, stream, customerVirtualAccountDecider, { type: 'AssignCustomerVirtualAccount', businessId, mode, bankCode, account, replacing, now }, metadata);
      return decision.state.assigned!;
    };

    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const { state } = await loadAggregate(this.store, stream, customerVirtualAccountDecider);
      const assigned = state.assigned ?? (await assign(undefined));
      const account = (await this.accountOf(assigned)) ?? (await this.openAt(command, email, assigned));
      if (account && account.externalId === customerAccountExternalId(email) && usable(account, now)) return fixedVirtualAccountRef(account, now);
      await assign(assigned.vaId);
    }
    throw VirtualAccountErrors.rangeExhausted(bankCode);
  }

  private async accountOf(assigned: AssignedAccount): Promise<VirtualAccountSnapshot | undefined> {
    const { state } = await loadAggregate(this.store, virtualAccountStream(assigned.vaId), virtualAccountDecider);
    return state.exists ? state.snapshot : undefined;
  }

  /** Opens the assigned number; if a parallel request opened it first, that account; undefined if it cannot be opened. */
  private async openAt(command: OpenCustomerVirtualAccountCommand, email: string, assigned: AssignedAccount): Promise<VirtualAccountSnapshot | undefined> {
    try {
      return await this.opener.open(
        {
          businessId: command.businessId,
          mode: command.mode,
          externalId: customerAccountExternalId(email),
          bankCode: command.bankCode,
          // Named after the customer: the payer email is the only identity an invoice carries.
          name: email.slice(0, MAX_NAME),
          virtualAccountNumber: assigned.accountNumber,
          isClosed: false,
          isSingleUse: false,
          origin: { kind: 'fixed' },
        },
        command.context,
      );
    } catch (error) {
      // Taken (by the parallel request, or by a merchant's own account) or outside a changed range.
      if (error instanceof DomainError && error.code === 'VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE') return this.accountOf(assigned);
      throw error;
    }
  }

  /** A number of the range no account holds yet (it may still be taken before it is opened: then the next round replaces it). */
  private async freeNumber(businessId: string, mode: 'test' | 'live', bankCode: string, range: NumberRange): Promise<AssignedAccount> {
    for (const suffix of candidates(range, undefined)) {
      const accountNumber = `${range.merchantCode}${suffix}`;
      const vaId = virtualAccountId(businessId, mode, bankCode, accountNumber);
      const existing = await this.store.readStream(virtualAccountStream(vaId), { maxCount: 1 });
      if (existing.length === 0) return { vaId, accountNumber, suffix };
    }
    throw VirtualAccountErrors.rangeExhausted(bankCode);
  }
}

/** Offered on invoices until it expires: PENDING (live, no bank connector) counts, as POOL numbers do there. */
function usable(account: VirtualAccountSnapshot, now: Date): boolean {
  return account.status !== 'INACTIVE' && Date.parse(account.expirationDate) > now.getTime();
}
