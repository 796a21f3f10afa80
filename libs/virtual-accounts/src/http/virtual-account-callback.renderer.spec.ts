import type { RecordedEvent } from '@gateway/event-store';
import { VirtualAccountCallbackRenderer } from './virtual-account-callback.renderer';

const snapshot = {
  vaId: 'va1',
  businessId: 'biz',
  mode: 'test',
  externalId: 'ext',
  bankCode: 'BNI',
  merchantCode: '88089',
  suffix: '9999000001',
  accountNumber: '880899999000001',
  name: 'Rika',
  currency: 'IDR',
  isClosed: false,
  isSingleUse: false,
  status: 'ACTIVE',
  expirationDate: '2057-01-01T00:00:00.000Z',
  origin: { kind: 'fixed' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const recorded = (type: string, data: unknown) => ({ type, data }) as unknown as RecordedEvent;
const renderer = new VirtualAccountCallbackRenderer();

describe('virtual account callbacks', () => {
  it('renders fva_status for a created fixed account, without the prefix-less or internal fields', () => {
    const [message] = renderer.render(recorded('VirtualAccountCreated', { snapshot }));
    expect(message).toEqual({
      kind: 'fva_status',
      resourceId: 'va1',
      body: {
        id: 'va1',
        owner_id: 'biz',
        external_id: 'ext',
        merchant_code: '88089',
        account_number: '880899999000001',
        bank_code: 'BNI',
        name: 'Rika',
        is_closed: false,
        is_single_use: false,
        status: 'ACTIVE',
        expiration_date: '2057-01-01T00:00:00.000Z',
        updated: '2026-01-01T00:00:00.000Z',
        created: '2026-01-01T00:00:00.000Z',
      },
    });
  });

  it('renders fva_paid with the account number without the merchant code', () => {
    const payment = {
      id: 'r1',
      paymentId: 'p1',
      vaId: 'va1',
      amount: 5,
      currency: 'IDR',
      transactionTimestamp: '2026-01-02T00:00:00.000Z',
    };
    const [message] = renderer.render(recorded('VirtualAccountPaid', { payment, snapshot }));
    expect(message.kind).toBe('fva_paid');
    expect(message.body).toMatchObject({
      account_number: '9999000001',
      payment_id: 'p1',
      callback_virtual_account_id: 'va1',
      owner_id: 'biz',
    });
  });

  it('stays silent for invoice pool accounts (the invoice notifies)', () => {
    const pool = { ...snapshot, origin: { kind: 'invoice', invoiceId: 'inv' } };
    expect(renderer.render(recorded('VirtualAccountCreated', { snapshot: pool }))).toEqual([]);
    expect(renderer.render(recorded('VirtualAccountPaid', { payment: {}, snapshot: pool }))).toEqual([]);
  });
});
