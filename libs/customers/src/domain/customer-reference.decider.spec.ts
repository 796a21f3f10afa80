import { deciderSpec } from '@gateway/testing';
import {
  customerReferenceDecider,
  type CustomerReferenceReserved,
  ORPHAN_AFTER_MS,
} from './customer-reference.decider';

const now = new Date('2026-11-22T10:00:00.000Z');
const spec = deciderSpec(customerReferenceDecider);
const reserve = (customerId: string, at: Date, holderChecked?: { customerId: string; exists: boolean }) => ({
  type: 'ReserveCustomerReference' as const,
  businessId: 'biz_1',
  mode: 'test' as const,
  referenceId: 'ref-1',
  customerId,
  holderChecked,
  now: at,
});
const reserved: CustomerReferenceReserved = {
  type: 'CustomerReferenceReserved',
  data: {
    businessId: 'biz_1',
    mode: 'test',
    referenceId: 'ref-1',
    customerId: 'cust-a',
    reservedAt: now.toISOString(),
  },
};
const muchLater = new Date(now.getTime() + ORPHAN_AFTER_MS + 1);

describe('customer reference decider', () => {
  it('reserves a free reference', () => {
    spec.given([]).when(reserve('cust-a', now)).then([reserved]);
  });

  it('is idempotent for the holder', () => {
    spec.given([reserved]).when(reserve('cust-a', now)).then([]);
  });

  it('refuses another customer with DUPLICATE_ERROR while the holder exists or may still be being created', () => {
    spec.given([reserved]).when(reserve('cust-b', now)).thenThrows('DUPLICATE_ERROR');
    spec
      .given([reserved])
      .when(reserve('cust-b', muchLater, { customerId: 'cust-a', exists: true }))
      .thenThrows('DUPLICATE_ERROR');
    spec
      .given([reserved])
      .when(reserve('cust-b', new Date(now.getTime() + 1000), { customerId: 'cust-a', exists: false }))
      .thenThrows('DUPLICATE_ERROR');
    // A check about someone else than the holder proves nothing.
    spec
      .given([reserved])
      .when(reserve('cust-b', muchLater, { customerId: 'cust-z', exists: false }))
      .thenThrows('DUPLICATE_ERROR');
  });

  it('takes over a reservation orphaned by a creation that died', () => {
    spec
      .given([reserved])
      .when(reserve('cust-b', muchLater, { customerId: 'cust-a', exists: false }))
      .then([
        {
          type: 'CustomerReferenceReassigned',
          data: {
            businessId: 'biz_1',
            mode: 'test',
            referenceId: 'ref-1',
            customerId: 'cust-b',
            previousCustomerId: 'cust-a',
            reassignedAt: muchLater.toISOString(),
          },
        },
      ]);
  });

  describe('release after a failed creation', () => {
    const release = (customerId: string, at: Date = now) => ({
      type: 'ReleaseCustomerReference' as const,
      businessId: 'biz_1',
      mode: 'test' as const,
      referenceId: 'ref-1',
      customerId,
      now: at,
    });
    const released = {
      type: 'CustomerReferenceReleased' as const,
      data: {
        businessId: 'biz_1',
        mode: 'test' as const,
        referenceId: 'ref-1',
        customerId: 'cust-a',
        releasedAt: now.toISOString(),
      },
    };

    it('the holder frees the reference', () => {
      spec.given([reserved]).when(release('cust-a')).then([released]);
    });

    it('a freed reference is reserved again at once by the next creation, without waiting for the orphan delay', () => {
      spec
        .given([reserved, released])
        .when(reserve('cust-b', new Date(now.getTime() + 1)))
        .then([
          {
            type: 'CustomerReferenceReserved',
            data: {
              businessId: 'biz_1',
              mode: 'test',
              referenceId: 'ref-1',
              customerId: 'cust-b',
              reservedAt: new Date(now.getTime() + 1).toISOString(),
            },
          },
        ]);
    });

    it('only the holder can release: another creation, or a reference already free, changes nothing', () => {
      spec.given([reserved]).when(release('cust-z')).then([]);
      spec.given([]).when(release('cust-a')).then([]);
      spec.given([reserved, released]).when(release('cust-a')).then([]);
    });
  });
});
