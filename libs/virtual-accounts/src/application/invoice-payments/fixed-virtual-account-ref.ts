import type { FixedVirtualAccountRef } from '@gateway/invoices';
import type { VirtualAccountSnapshot } from '../../domain/virtual-account.events';

/** What the invoices context sees of a fixed account: payable only while ACTIVE and unexpired at `now`. */
export function fixedVirtualAccountRef(account: VirtualAccountSnapshot, now: Date): FixedVirtualAccountRef {
  return {
    vaId: account.vaId,
    bankCode: account.bankCode,
    accountNumber: account.accountNumber,
    name: account.name,
    payable: account.status === 'ACTIVE' && Date.parse(account.expirationDate) > now.getTime(),
    isClosed: account.isClosed,
    ...(account.expectedAmount !== undefined && { expectedAmount: account.expectedAmount }),
  };
}
