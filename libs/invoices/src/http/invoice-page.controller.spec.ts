import type { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type { InvoicePagePublicKeys } from '../application/pay-by-card/page-public-key';
import { GetPublicInvoiceQuery } from '../application/get-invoice/get-invoice.query';
import type { InvoiceSnapshot, InvoiceStatus } from '../domain/invoice.events';
import { InvoicePageController } from './invoice-page.controller';

/**
 * The page's redirect after a payment that went through: the merchant's success page only when the
 * invoice, read again, is paid. The buses are fakes so the payment can "go through" while the
 * invoice stays PENDING (what a transfer into a shared fixed VA claimed by another invoice did).
 */
describe('InvoicePageController after a payment', () => {
  const invoice = (status: InvoiceStatus): InvoiceSnapshot => ({
    invoiceId: 'a'.repeat(24),
    businessId: 'biz_1',
    mode: 'test',
    externalId: 'ext-1',
    merchantName: 'Shop',
    payerEmail: 'p@example.com',
    description: 'Order',
    amount: 50_000,
    currency: 'IDR',
    status,
    paymentMethods: ['BCA'],
    banks: [
      {
        bankCode: 'BCA',
        accountNumber: '12345000001',
        transferAmount: 50_000,
        identityAmount: 0,
        accountHolderName: 'p@example.com',
        callbackVirtualAccountId: 'va_1',
      },
    ],
    retailOutlets: [],
    shouldSendEmail: false,
    shouldExcludeCreditCard: true,
    successRedirectUrl: 'https://shop.example/thanks',
    fixedVa: true,
    clientType: 'API_GATEWAY',
    invoiceUrl: 'http://localhost/web/invoices/x',
    expiryDate: '2026-11-24T03:00:00.000Z',
    createdAt: '2026-11-23T03:00:00.000Z',
    updatedAt: '2026-11-23T03:00:00.000Z',
  });

  /** Posts the page's BCA button; the invoice reads PENDING before the payment and `after` once it went through. */
  async function payWithBca(after: InvoiceStatus) {
    let paid = false;
    const queries = {
      execute: async (query: unknown) =>
        query instanceof GetPublicInvoiceQuery ? invoice(paid ? after : 'PENDING') : undefined,
    } as unknown as QueryBus;
    const commands = {
      execute: async () => {
        paid = true;
        return 'transferred';
      },
    } as unknown as CommandBus;
    const clock = { now: async () => new Date('2026-11-23T04:00:00.000Z') };
    const controller = new InvoicePageController(queries, commands, clock, {} as InvoicePagePublicKeys);
    const answer: { status: number; location?: string; body: string } = { status: 0, body: '' };
    const response = {
      status: (status: number) => ((answer.status = status), response),
      setHeader: () => response,
      send: (body: string) => ((answer.body = body), response),
      redirect: (status: number, location: string) => Object.assign(answer, { status, location }),
    } as unknown as Response;
    await controller.pay('a'.repeat(24), { channel: 'BCA' }, { headers: {} } as Request, response);
    return answer;
  }

  it('redirects to success_redirect_url when the invoice is PAID', async () => {
    expect(await payWithBca('PAID')).toMatchObject({ status: 303, location: 'https://shop.example/thanks' });
  });

  it('shows the page again with a notice when the invoice is still PENDING', async () => {
    const answer = await payWithBca('PENDING');
    expect(answer.status).toBe(409);
    expect(answer.location).toBeUndefined();
    expect(answer.body).toContain('does not show as paid');
  });
});
