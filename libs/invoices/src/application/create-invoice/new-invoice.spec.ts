import { channelOfPool, type NewInvoice, newInvoiceSnapshot, poolsOf } from './new-invoice';

const invoice: NewInvoice = {
  invoiceId: 'inv1',
  businessId: 'biz',
  mode: 'test',
  request: { externalId: 'e1', payerEmail: 'p@example.com', description: 'd', amount: 50_000 },
  merchantName: 'Shop',
  invoiceUrl: 'https://pay.example/inv1',
  methods: ['BCA', 'BNI', 'MANDIRI', 'ALFAMART', 'CREDIT_CARD'],
  bankCodes: ['BCA', 'BNI', 'MANDIRI'],
  outlets: ['ALFAMART'],
  // BNI is paid into the business's own fixed account: no POOL number for it.
  fixedAccountOf: (bankCode) =>
    bankCode === 'BNI'
      ? {
          vaId: 'va1',
          bankCode: 'BNI',
          accountNumber: '8808999',
          name: 'Fixed',
          isClosed: false,
          payable: true,
        }
      : undefined,
  prefixes: { va: (bankCode) => `P${bankCode}`, retail: 'TEST12' },
  now: new Date('2027-03-01T00:00:00Z'),
  expiry: new Date('2027-03-02T00:00:00Z'),
};

describe('a new invoice and the pools it claims numbers of', () => {
  it('claims a number for each bank without a fixed account, then each retail outlet', () => {
    expect(poolsOf(invoice)).toEqual([
      { kind: 'va', scope: 'biz.test.BCA', prefix: 'PBCA' },
      { kind: 'va', scope: 'biz.test.MANDIRI', prefix: 'PMANDIRI' },
      { kind: 'retail', scope: 'test.ALFAMART', prefix: 'TEST12' },
    ]);
    expect([0, 1, 2].map((index) => channelOfPool(invoice, index))).toEqual([
      { kind: 'va', channel: 'BCA' },
      { kind: 'va', channel: 'MANDIRI' },
      { kind: 'retail', channel: 'ALFAMART' },
    ]);
  });

  it('puts each claimed number where its pool is offered, and the fixed account where it replaces one', () => {
    const snapshot = newInvoiceSnapshot(invoice, ['PBCA000001', 'PMANDIRI000002', 'TEST12000003']);
    expect(snapshot.banks.map((bank) => [bank.bankCode, bank.accountNumber, bank.callbackVirtualAccountId])).toEqual([
      ['BCA', 'PBCA000001', undefined],
      ['BNI', '8808999', 'va1'],
      ['MANDIRI', 'PMANDIRI000002', undefined],
    ]);
    expect(snapshot.retailOutlets).toEqual([
      { retailOutletName: 'ALFAMART', paymentCode: 'TEST12000003', transferAmount: 50_000 },
    ]);
    expect(snapshot).toMatchObject({
      expiryDate: '2027-03-02T00:00:00.000Z',
      createdAt: '2027-03-01T00:00:00.000Z',
      clientType: 'API_GATEWAY',
      shouldExcludeCreditCard: false,
      currency: 'IDR',
    });
  });
});
