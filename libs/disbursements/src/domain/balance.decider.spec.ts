import { deciderSpec } from '@gateway/testing';
import { balanceDecider } from './balance.decider';
import type { BalanceCredited, MoneyOutReserved } from './balance.events';
import type { DisbursementSnapshot } from './disbursement.events';

const now = new Date('2026-11-23T03:00:00.000Z');
const spec = deciderSpec(balanceDecider);
const item = (id: string, amount: number): DisbursementSnapshot => ({
  disbursementId: id,
  businessId: 'biz_1',
  mode: 'test',
  externalId: id,
  amount,
  currency: 'IDR',
  bankCode: 'BNI',
  accountHolderName: 'Budi',
  accountNumber: '1',
  description: 'x',
  isInstant: true,
  createdAt: now.toISOString(),
});
const credited = (amount: number): BalanceCredited => ({ type: 'BalanceCredited', data: { movementId: 'm', sourceEventId: 'e', currency: 'IDR', amount } });
const reserved = (id: string, amount: number): MoneyOutReserved => ({
  type: 'MoneyOutReserved',
  data: { movementId: id, currency: 'IDR', amount, reservedAt: now.toISOString(), disbursement: item(id, amount) },
});

describe('balance decider', () => {
  it('credits settled money', () => {
    spec.given([]).when({ type: 'CreditBalance', movementId: 'm', sourceEventId: 'e', currency: 'IDR', amount: 100 }).then([credited(100)]);
  });

  it('reserves money out when the available balance covers it, exactly to zero', () => {
    spec.given([credited(100)]).when({ type: 'ReserveMoneyOut', currency: 'IDR', items: [item('d1', 100)], now }).then([reserved('d1', 100)]);
    spec.given([credited(100)]).when({ type: 'ReserveMoneyOut', currency: 'IDR', items: [item('d1', 100)], now }).thenState({ available: 0n, inFlight: 100n });
  });

  it('refuses an overdraft, and a batch whose total is not covered (all or nothing)', () => {
    spec.given([credited(99)]).when({ type: 'ReserveMoneyOut', currency: 'IDR', items: [item('d1', 100)], now }).thenThrows('DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR');
    spec
      .given([credited(150)])
      .when({ type: 'ReserveMoneyOut', currency: 'IDR', items: [item('d1', 100), item('d2', 100)], now })
      .thenThrows('DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR');
    spec.given([credited(100), reserved('d1', 100)]).when({ type: 'ReserveMoneyOut', currency: 'IDR', items: [item('d2', 1)], now }).thenThrows('DIRECT_DISBURSEMENT_BALANCE_INSUFFICIENT_ERROR');
  });

  it('completing takes the money out of flight; failing returns it', () => {
    spec
      .given([credited(100), reserved('d1', 60)])
      .when({ type: 'CompleteMoneyOut', movementId: 'd1', currency: 'IDR', amount: 60, now })
      .thenState({ available: 40n, inFlight: 0n });
    spec
      .given([credited(100), reserved('d1', 60)])
      .when({ type: 'FailMoneyOut', movementId: 'd1', currency: 'IDR', amount: 60, failureCode: 'TRANSFER_ERROR', now })
      .thenState({ available: 100n, inFlight: 0n });
  });

  it('refunds debit the available balance', () => {
    spec
      .given([credited(100)])
      .when({ type: 'DebitBalance', movementId: 'm', sourceEventId: 'e2', currency: 'IDR', amount: 30 })
      .thenState({ available: 70n, inFlight: 0n });
  });

  it('refuses empty reservations and amounts that are not positive whole numbers', () => {
    spec.given([credited(100)]).when({ type: 'ReserveMoneyOut', currency: 'IDR', items: [], now }).thenThrows('API_VALIDATION_ERROR');
    spec.given([credited(100)]).when({ type: 'ReserveMoneyOut', currency: 'IDR', items: [item('d1', 0)], now }).thenThrows('API_VALIDATION_ERROR');
    spec.given([]).when({ type: 'CreditBalance', movementId: 'm', sourceEventId: 'e', currency: 'IDR', amount: -1 }).thenThrows('API_VALIDATION_ERROR');
  });
});
