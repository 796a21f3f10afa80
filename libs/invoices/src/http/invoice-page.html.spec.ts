import type { InvoiceSnapshot } from '../domain/invoice.events';
import { renderInvoicePage } from './invoice-page.html';

const invoice: InvoiceSnapshot = {
  invoiceId: '0123456789abcdef01234567',
  businessId: 'biz-1',
  mode: 'test',
  externalId: 'order-1',
  merchantName: 'Shop',
  payerEmail: 'payer@example.com',
  description: 'Order',
  amount: 50_000,
  currency: 'IDR',
  status: 'PENDING',
  paymentMethods: [],
  banks: [],
  retailOutlets: [],
  shouldSendEmail: false,
  shouldExcludeCreditCard: true,
  fixedVa: false,
  clientType: 'API_GATEWAY',
  invoiceUrl: 'http://localhost/web/invoices/0123456789abcdef01234567',
  expiryDate: '2030-01-01T00:00:00.000Z',
  createdAt: '2026-11-29T00:00:00.000Z',
  updatedAt: '2026-11-29T00:00:00.000Z',
};

const render = (snapshot: InvoiceSnapshot) =>
  renderInvoicePage(snapshot, new Date('2026-11-29T00:00:00Z'), {
    branding: { name: 'Shop', color: '#123456', onColor: '#FFFFFF' },
    payerZone: { zone: 'Asia/Jakarta', fromBrowser: false },
    nonce: 'n',
  });

describe('the invoice page', () => {
  it('lists items with their prices', () => {
    expect(render({ ...invoice, items: [{ name: 'Coffee', quantity: 2, price: 25_000 }] })).toContain('IDR 25,000');
  });

  it('renders an item stored without fields (`"items": [[]]` was once accepted) instead of throwing', () => {
    const items = [{}] as InvoiceSnapshot['items'];
    const page = render({ ...invoice, items });
    expect(page).toContain('IDR \u2014');
    expect(page).not.toContain('undefined');
  });
});
