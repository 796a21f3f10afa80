import { activeSnapshot, creation, expiredOn, inactiveSince } from '@gateway/fixed-instruments';
import { fixedOpening, instrumentCommands } from '@gateway/fixed-instruments';
import { deciderSpec, moneyInReceived } from '@gateway/testing';
import { type CreateVirtualAccount, type VirtualAccountUpdate, virtualAccountDecider } from './virtual-account.decider';
import type { VirtualAccountPaid, VirtualAccountSnapshot } from './virtual-account.events';

const now = new Date('2026-03-01T10:00:00.000Z');
const later = new Date('2026-03-02T10:00:00.000Z');
const spec = deciderSpec(virtualAccountDecider);

// The account's owner, number and terms, shared by the creation command and the snapshot it makes.
const owner = { businessId: 'biz', mode: 'test', externalId: 'ext' } as const;
const number = { bankCode: 'BRI', merchantCode: '26215', suffix: '9999000001' };
const terms = { name: 'Rika', isClosed: false, isSingleUse: false };
const create = fixedOpening<CreateVirtualAccount>(
  {
    instrumentId: 'va1',
    ...owner,
    ...number,
    enabledBankCodes: ['BCA', 'BNI', 'BRI', 'SAHABAT_SAMPOERNA'],
    ...terms,
    confirmedByBank: true,
  },
  now,
);
const account = activeSnapshot<VirtualAccountSnapshot>(
  { vaId: 'va1', ...owner, ...number, accountNumber: '262159999000001', ...terms },
  now,
  '2057-03-01T10:00:00.000Z',
);
const created = creation('VirtualAccountCreated', account);
const { pay, update, expire } = instrumentCommands<VirtualAccountUpdate>('va1', { fee: 290, feeTax: 32 }, later);
/** The payment event of `pay(50_000)`, on the account as it stood. */
const paid = (snapshot: VirtualAccountSnapshot, claim: Pick<VirtualAccountPaid['data'], 'claimedBy'> = {}) => ({
  type: 'VirtualAccountPaid' as const,
  data: {
    payment: {
      id: 'r1',
      paymentId: 'p1',
      vaId: 'va1',
      amount: 50_000,
      currency: 'IDR' as const,
      transactionTimestamp: later.toISOString(),
    },
    snapshot,
    ...claim,
  },
});

describe('virtual account decider', () => {
  describe('(new) → created', () => {
    it('opens ACTIVE when the bank confirms at once, with a 31-year default expiry', () =>
      spec.given([]).when(create()).then([created()]));
    it('opens PENDING when no bank confirms it (live mode)', () =>
      spec
        .given([])
        .when(create({ confirmedByBank: false }))
        .then([created({ status: 'PENDING' })]));
    it.each([
      [{ bankCode: 'XYZ' }, 'BANK_NOT_SUPPORTED_ERROR'],
      [{ bankCode: 'MANDIRI' }, 'BANK_NOT_SUPPORTED_ERROR'],
      [{ isClosed: true }, 'EXPECTED_AMOUNT_REQUIRED_ERROR'],
      [{ bankCode: 'SAHABAT_SAMPOERNA', isClosed: true, expectedAmount: 5 }, 'CLOSED_VA_NOT_SUPPORTED_ERROR'],
      [{ isClosed: true, expectedAmount: 0 }, 'MINIMUM_EXPECTED_AMOUNT_ERROR'],
      [{ isClosed: true, expectedAmount: 1_000_000_000 }, 'MAXIMUM_EXPECTED_AMOUNT_ERROR'],
      [{ bankCode: 'BCA', suggestedAmount: 10 }, 'SUGGESTED_AMOUNT_NOT_SUPPORTED_ERROR'],
      [{ isClosed: true, expectedAmount: 10, suggestedAmount: 10 }, 'SUGGESTED_AMOUNT_NOT_SUPPORTED_ERROR'],
      [{ expirationDate: new Date('2020-01-01T00:00:00Z') }, 'EXPIRATION_DATE_INVALID_ERROR'],
    ] as const)('refuses %j with %s', (overrides, code) => spec.given([]).when(create(overrides)).thenThrows(code));
    it('refuses a number already taken (the stream exists)', () =>
      spec
        .given([created()])
        .when(create({ instrumentId: 'va1' }))
        .thenThrows('VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE'));
  });

  describe('ACTIVE → payment received', () => {
    it('a payment an invoice claims records no money-in (the invoice does), and names the invoice', () => {
      const claimedBy = { context: 'invoices' as const, resourceId: 'inv1' };
      spec
        .given([created({ isSingleUse: true })])
        .when({ ...pay(50_000), claimedBy })
        .then([
          paid({ ...account, isSingleUse: true }, { claimedBy }),
          {
            type: 'VirtualAccountDeactivated',
            data: {
              reason: 'SINGLE_USE_PAID',
              snapshot: { ...account, isSingleUse: true, ...inactiveSince(later) },
            },
          },
        ]);
    });
    it('records the payment and the ledger money-in; stays ACTIVE when not single use', () =>
      spec
        .given([created()])
        .when(pay(50_000))
        .then([
          paid(account),
          moneyInReceived(
            { movementId: 'p1', source: { context: 'virtual-accounts', resourceId: 'va1' }, channel: 'BRI' },
            { grossAmount: 50_000, fee: 290, feeTax: 32 },
            later.toISOString(),
          ),
        ]));
    it('is_single_use true → INACTIVE (spec row)', () =>
      spec
        .given([created({ isSingleUse: true })])
        .when(pay(50_000))
        .thenState({ exists: true, snapshot: { ...account, isSingleUse: true, ...inactiveSince(later) } }));
    it('a closed account refuses another amount', () =>
      spec
        .given([created({ isClosed: true, expectedAmount: 70_000 })])
        .when(pay(69_999))
        .thenThrows('EXPECTED_AMOUNT_MISMATCH_ERROR'));
    it('a closed account takes its expected amount', () =>
      spec
        .given([created({ isClosed: true, expectedAmount: 70_000 })])
        .when(pay(70_000))
        .thenState({ exists: true, snapshot: { ...account, isClosed: true, expectedAmount: 70_000 } }));
  });

  describe('ACTIVE → INACTIVE by expiry (spec row)', () => {
    const expiring = created({ expirationDate: later.toISOString() });
    it.each([
      ['the expiry job at the date expires it', expiring, expiredOn(account, later, later)],
      [
        'a PENDING account expires too',
        created({ status: 'PENDING', expirationDate: now.toISOString() }),
        expiredOn(account, now, later),
      ],
    ])('%s', (_, due, expired) => spec.given([due]).when(expire(later)).thenState(expired));
    it('the job before the date (the date moved) does nothing', () =>
      spec.given([expiring]).when(expire(now)).then([]));
    it('an update to a past date expires it at once', () => {
      const toPastDate = update({ expirationDate: new Date('2026-01-01T00:00:00Z') }, later);
      const events = virtualAccountDecider.decide(toPastDate, { exists: true, snapshot: account });
      expect(events.map((e) => e.type)).toEqual(['VirtualAccountUpdated', 'VirtualAccountExpired']);
    });
    it('a payment after the date is refused even before the job ran', () =>
      spec
        .given([expiring])
        .when(pay(1, new Date(later.getTime() + 1)))
        .thenThrows('INACTIVE_VIRTUAL_ACCOUNT_ERROR'));
  });

  describe('illegal transitions', () => {
    it.each([
      ['INACTIVE', 'updates', update({ expectedAmount: 5 }, now)],
      ['INACTIVE', 'payments', pay(5)],
      ['PENDING', 'payments (the bank has not confirmed the number)', pay(5)],
    ] as const)('%s refuses %s', (status, _, command) =>
      spec
        .given([created({ status })])
        .when(command)
        .thenThrows('INACTIVE_VIRTUAL_ACCOUNT_ERROR'),
    );
    it('INACTIVE does not expire again', () =>
      spec
        .given([created({ status: 'INACTIVE' })])
        .when(expire(later))
        .then([]));
    it.each(['UpdateInstrument', 'ExpireInstrument', 'ReceiveInstrumentPayment'] as const)(
      '%s on no account is not found',
      (type) =>
        spec
          .given([])
          .when({ ...pay(5), changes: {}, type })
          .thenThrows('CALLBACK_VIRTUAL_ACCOUNT_NOT_FOUND_ERROR'),
    );
  });

  describe('updates', () => {
    it('closing needs an expected amount; closing drops the suggestion', () => {
      spec
        .given([created({ suggestedAmount: 10 })])
        .when(update({ isClosed: true }, now))
        .thenThrows('EXPECTED_AMOUNT_REQUIRED_ERROR');
      spec
        .given([created({ suggestedAmount: 10 })])
        .when(update({ isClosed: true, expectedAmount: 20 }, later))
        .thenState({
          exists: true,
          snapshot: { ...account, isClosed: true, expectedAmount: 20, updatedAt: later.toISOString() },
        });
    });
    it.each([
      [{ expectedAmount: -1 }, 'MINIMUM_EXPECTED_AMOUNT_ERROR'],
      [{ suggestedAmount: 0 }, 'SUGGESTED_AMOUNT_NOT_SUPPORTED_ERROR'],
    ] as const)('refuses amounts out of bounds: %j with %s', (changes, code) =>
      spec.given([created()]).when(update(changes, now)).thenThrows(code),
    );
    it.each([
      ['no field', {}],
      ['the values it already has', { suggestedAmount: 10, isSingleUse: false, isClosed: false }],
    ])('an update with %s changes nothing and records nothing (no callback)', (_, changes) =>
      spec
        .given([created({ suggestedAmount: 10 })])
        .when(update(changes, later))
        .then([]),
    );
    it('an update with one new value among old ones is recorded', () =>
      spec
        .given([created({ suggestedAmount: 10 })])
        .when(update({ suggestedAmount: 10, isSingleUse: true }, later))
        .thenState({
          exists: true,
          snapshot: { ...account, suggestedAmount: 10, isSingleUse: true, updatedAt: later.toISOString() },
        }));
  });
});
