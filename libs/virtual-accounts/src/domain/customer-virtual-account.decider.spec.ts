import { deciderSpec } from '@gateway/testing';
import { type AssignCustomerVirtualAccount, customerVirtualAccountDecider } from './customer-virtual-account.decider';
import type { CustomerVirtualAccountEvent } from './customer-virtual-account.events';

const now = new Date('2026-03-01T10:00:00.000Z');
const spec = deciderSpec(customerVirtualAccountDecider);
const first = { vaId: 'va1', accountNumber: '262159999000001', suffix: '9999000001' };
const second = { vaId: 'va2', accountNumber: '262159999000002', suffix: '9999000002' };

const assign = (account = first, replacing?: string): AssignCustomerVirtualAccount => ({
  type: 'AssignCustomerVirtualAccount',
  businessId: 'biz',
  mode: 'test',
  bankCode: 'BRI',
  account,
  ...(replacing !== undefined && { replacing }),
  now,
});
const assigned = (account = first, replacedVaId?: string): CustomerVirtualAccountEvent => ({
  type: 'CustomerVirtualAccountAssigned',
  data: {
    businessId: 'biz',
    mode: 'test',
    bankCode: 'BRI',
    ...account,
    ...(replacedVaId !== undefined && { replacedVaId }),
    assignedAt: now.toISOString(),
  },
});

describe('customer virtual account decider', () => {
  it('assigns the first account of a customer', () => spec.given([]).when(assign()).then([assigned()]));
  it('keeps the assignment a parallel request made first (the caller uses that one)', () =>
    spec.given([assigned()]).when(assign(second)).then([]));
  it('replaces the account the caller saw (it can no longer take payments)', () =>
    spec
      .given([assigned()])
      .when(assign(second, 'va1'))
      .then([assigned(second, 'va1')]));
  it('does not replace an account the caller did not see (someone replaced it already)', () =>
    spec
      .given([assigned(), assigned(second, 'va1')])
      .when(assign({ ...first, vaId: 'va3' }, 'va1'))
      .then([]));
  it('folds to the latest assignment', () =>
    spec.given([assigned()]).when(assign(second, 'va1')).thenState({ assigned: second }));
});
