import { assertNever, type Decider } from '@gateway/domain';
import type { CustomerVirtualAccountEvent } from './customer-virtual-account.events';
import type { Mode } from './virtual-account.events';

export interface AssignedAccount {
  vaId: string;
  accountNumber: string;
  suffix: string;
}

/**
 * Points the customer at an account number. `replacing` is the assignment the caller saw
 * (undefined: none): a mapping that has moved on meanwhile (a parallel request assigned first)
 * is left as it is and the caller uses that one, so a customer has exactly one account per bank.
 */
export interface AssignCustomerVirtualAccount {
  type: 'AssignCustomerVirtualAccount';
  businessId: string;
  mode: Mode;
  bankCode: string;
  account: AssignedAccount;
  replacing?: string;
  now: Date;
}

export type CustomerVirtualAccountState = { assigned?: AssignedAccount };

/** One customer's fixed account for one bank, for `fixed_va: true` invoices. */
export const customerVirtualAccountDecider: Decider<
  AssignCustomerVirtualAccount,
  CustomerVirtualAccountState,
  CustomerVirtualAccountEvent
> = {
  initialState: {},

  decide(command, state) {
    if (state.assigned?.vaId !== command.replacing) return [];
    if (state.assigned?.vaId === command.account.vaId) return [];
    return [
      {
        type: 'CustomerVirtualAccountAssigned',
        data: {
          businessId: command.businessId,
          mode: command.mode,
          bankCode: command.bankCode,
          vaId: command.account.vaId,
          accountNumber: command.account.accountNumber,
          suffix: command.account.suffix,
          ...(command.replacing !== undefined && { replacedVaId: command.replacing }),
          assignedAt: command.now.toISOString(),
        },
      },
    ];
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'CustomerVirtualAccountAssigned':
        return {
          assigned: { vaId: event.data.vaId, accountNumber: event.data.accountNumber, suffix: event.data.suffix },
        };
      default:
        return assertNever(event.type, 'customer virtual account event');
    }
  },
};
