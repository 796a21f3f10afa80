import { assertNever } from '@gateway/domain';
import type { LedgerAccount } from './ledger-accounts';
import type { MoneyMovementEvent } from './money-movement.events';

/** One line of a journal transaction. Sign: + increases the account, − decreases it. */
export interface Posting {
  account: LedgerAccount;
  amount: bigint;
}

export interface JournalTransaction {
  kind: MoneyMovementEvent['type'];
  currency: string;
  movementId: string;
  postings: Posting[];
}

/**
 * The double-entry postings of one contract event: pure, so the live journal and the scratch
 * replay of reconciliation compute them with the same code. Postings always sum to zero.
 *
 *   MoneyInReceived   PAYERS −gross, HOLDING +(gross − fee − tax), FEES +fee, TAX +tax
 *   MoneyInSettled    HOLDING −net, CASH +net
 *   MoneyInRefunded   CASH −amount, PAYERS +amount
 *   MoneyOutReserved  CASH −amount, HOLDING +amount
 *   MoneyOutCompleted HOLDING −amount, PAYOUT_RAIL +amount (a refund: PAYERS +amount)
 *   MoneyOutFailed    HOLDING −amount, CASH +amount
 */
export function postingsFor(event: MoneyMovementEvent): JournalTransaction {
  const base = { kind: event.type, currency: event.data.currency, movementId: event.data.movementId };
  const move = (from: LedgerAccount, to: LedgerAccount, amount: number): Posting[] => [
    { account: from, amount: -BigInt(amount) },
    { account: to, amount: BigInt(amount) },
  ];
  switch (event.type) {
    case 'MoneyInReceived': {
      const { grossAmount, fee, feeTax } = event.data;
      const net = BigInt(grossAmount) - BigInt(fee) - BigInt(feeTax);
      const postings: Posting[] = [
        { account: 'PAYERS', amount: -BigInt(grossAmount) },
        { account: 'HOLDING', amount: net },
      ];
      if (fee > 0) postings.push({ account: 'FEES', amount: BigInt(fee) });
      if (feeTax > 0) postings.push({ account: 'TAX', amount: BigInt(feeTax) });
      return { ...base, postings };
    }
    case 'MoneyInSettled':
      return { ...base, postings: move('HOLDING', 'CASH', event.data.amount) };
    case 'MoneyInRefunded':
      return { ...base, postings: move('CASH', 'PAYERS', event.data.amount) };
    case 'MoneyOutReserved':
      return { ...base, postings: move('CASH', 'HOLDING', event.data.amount) };
    case 'MoneyOutCompleted':
      // A refund's money goes back to the payer it came from; no kind (old events) is a disbursement.
      return {
        ...base,
        postings: move('HOLDING', event.data.kind === 'refund' ? 'PAYERS' : 'PAYOUT_RAIL', event.data.amount),
      };
    case 'MoneyOutFailed':
      return { ...base, postings: move('HOLDING', 'CASH', event.data.amount) };
    default:
      return assertNever(event, 'money movement event');
  }
}
