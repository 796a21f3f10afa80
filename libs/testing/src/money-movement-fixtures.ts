import type { MoneyInReceived } from '@gateway/domain';

/**
 * Spec fixtures: the ledger's MoneyInReceived fact: money `from` a resource through a channel, of `amounts`, received
 * `at`; in IDR, and settled later by the ledger's own settlement job (`settledBySource: false`).
 */
export function moneyInReceived(
  from: Pick<MoneyInReceived['data'], 'movementId' | 'source' | 'channel'>,
  amounts: Pick<MoneyInReceived['data'], 'grossAmount' | 'fee' | 'feeTax'>,
  at: string,
): MoneyInReceived {
  return {
    type: 'MoneyInReceived',
    data: { ...from, currency: 'IDR', ...amounts, settledBySource: false, receivedAt: at },
  };
}
