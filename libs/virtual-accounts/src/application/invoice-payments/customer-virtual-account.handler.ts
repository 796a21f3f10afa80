import { DomainError } from '@gateway/domain';
import { CommandPipeline, EVENT_STORE, type EventStore, requestOrigin } from '@gateway/event-store';
import { FixedInstruments, type NumberRange, offsetFrom, probeSuffixes } from '@gateway/fixed-instruments';
import { type FixedVirtualAccountRef, OpenCustomerVirtualAccountCommand } from '@gateway/invoices';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { createHash, randomUUID } from 'node:crypto';
import { type AssignedAccount, customerVirtualAccountDecider } from '../../domain/customer-virtual-account.decider';
import { customerVirtualAccountStream } from '../../domain/customer-virtual-account.events';
import { VirtualAccountErrors } from '../../domain/virtual-account.errors';
import type { VirtualAccountSnapshot } from '../../domain/virtual-account.events';
import { fixedVirtualAccountRef } from './fixed-virtual-account-ref';
import { MAX_PROBES, type OpenVirtualAccount, vaTermsOf, virtualAccountOpening } from '../virtual-account-opening';
import { VIRTUAL_ACCOUNTS, virtualAccountId } from '../virtual-account-kind';

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
  return createHash('sha256')
    .update(`customerfva\u0000${businessId}\u0000${mode}\u0000${bankCode}\u0000${email}`)
    .digest('hex')
    .slice(0, 32);
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
export class OpenCustomerVirtualAccountHandler implements ICommandHandler<
  OpenCustomerVirtualAccountCommand,
  FixedVirtualAccountRef | undefined
> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly pipeline: CommandPipeline,
    private readonly instruments: FixedInstruments,
  ) {}

  async execute(command: OpenCustomerVirtualAccountCommand): Promise<FixedVirtualAccountRef | undefined> {
    const { businessId, mode, bankCode } = command;
    const email = customerEmailKey(command.payerEmail);
    const terms = vaTermsOf(await this.instruments.settings(businessId, mode));
    const range = terms.rangeFor(bankCode);
    if (!range || !terms.enabled.some((bank) => bank.code === bankCode)) return undefined;
    const stream = customerVirtualAccountStream(mappingKey(businessId, mode, bankCode, email));
    const origin = requestOrigin(command);
    const now = await this.pipeline.now(origin);
    const assign = async (replacing?: string): Promise<AssignedAccount> => {
      const account = await this.freeNumber(businessId, mode, bankCode, range);
      const decision = await this.pipeline.run({
        ...origin,
        at: now,
        stream,
        decider: customerVirtualAccountDecider,
        command: { type: 'AssignCustomerVirtualAccount', businessId, mode, bankCode, account, replacing, now },
        // The mapping has no read model: the account opened next is what the invoice reads.
        readYourWrites: 'none',
      });
      return decision.state.assigned!;
    };

    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const { state } = await this.pipeline.load(stream, customerVirtualAccountDecider);
      const assigned = state.assigned ?? (await assign(undefined));
      const account = (await this.accountOf(assigned)) ?? (await this.openAt(command, email, assigned));
      if (account && account.externalId === customerAccountExternalId(email) && usable(account, now))
        return fixedVirtualAccountRef(account, now);
      await assign(assigned.vaId);
    }
    throw VirtualAccountErrors.rangeExhausted(bankCode);
  }

  private async accountOf(assigned: AssignedAccount): Promise<VirtualAccountSnapshot | undefined> {
    const { state } = await this.pipeline.load(VIRTUAL_ACCOUNTS.streamOf(assigned.vaId), VIRTUAL_ACCOUNTS.decider);
    return state.exists ? state.snapshot : undefined;
  }

  /**
   * Opens the assigned number; if a parallel request opened it first, that account; undefined if it cannot be opened.
   */
  private async openAt(
    command: OpenCustomerVirtualAccountCommand,
    email: string,
    assigned: AssignedAccount,
  ): Promise<VirtualAccountSnapshot | undefined> {
    try {
      const request: OpenVirtualAccount = {
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
      };
      return await this.instruments.open(
        VIRTUAL_ACCOUNTS,
        request,
        (settings) => virtualAccountOpening(request, settings),
        command.context,
      );
    } catch (error) {
      // Taken (by the parallel request, or by a merchant's own account) or outside a changed range.
      if (error instanceof DomainError && error.code === 'VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE')
        return this.accountOf(assigned);
      throw error;
    }
  }

  /**
   * A number of the range no account holds yet (it may still be taken before it is opened: then the next round replaces
   * it).
   */
  private async freeNumber(
    businessId: string,
    mode: 'test' | 'live',
    bankCode: string,
    range: NumberRange,
  ): Promise<AssignedAccount> {
    for (const suffix of probeSuffixes(range, offsetFrom(randomUUID()), MAX_PROBES)) {
      const accountNumber = `${range.merchantCode}${suffix}`;
      const vaId = virtualAccountId(businessId, mode, bankCode, accountNumber);
      const existing = await this.store.readStream(VIRTUAL_ACCOUNTS.streamOf(vaId), { maxCount: 1 });
      if (existing.length === 0) return { vaId, accountNumber, suffix };
    }
    throw VirtualAccountErrors.rangeExhausted(bankCode);
  }
}

/** Offered on invoices until it expires: PENDING (live, no bank connector) counts, as POOL numbers do there. */
function usable(account: VirtualAccountSnapshot, now: Date): boolean {
  return account.status !== 'INACTIVE' && Date.parse(account.expirationDate) > now.getTime();
}
