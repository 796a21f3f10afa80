import type { CardChargeOrder } from './card-charge-order';

/**
 * Spec fixtures: the order of charge `chg`, 100,000 IDR on the single-use VISA token `tok`, captured at once with
 * the ledger's fee; the charge specs start from it and change what they test.
 */
export function chargeOrder(createdAt: string, changes: Partial<CardChargeOrder['snapshot']> = {}): CardChargeOrder {
  return {
    snapshot: {
      chargeId: 'chg',
      businessId: 'biz',
      mode: 'test',
      tokenId: 'tok',
      externalId: 'order-1',
      amount: 100_000,
      currency: 'IDR',
      maskedCardNumber: '400000XXXXXX0002',
      cardBrand: 'VISA',
      cardType: 'CREDIT',
      chargeType: 'SINGLE_USE_TOKEN',
      merchantReferenceCode: 'ref',
      bankReconciliationId: '1',
      createdAt,
      ...changes,
    },
    capture: true,
    expMonth: 12,
    expYear: 2035,
    fraudDetection: false,
    fee: 2900,
    feeTax: 319,
  };
}
