import type { ProvisionedBusiness } from '@gateway/accounts';
import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import { ReserveInvoicePaymentCodeCommand, SimulateRetailPaymentCommand } from '@gateway/payment-codes';
import { ReserveInvoiceVirtualAccountCommand, SimulateVirtualAccountPaymentCommand } from '@gateway/virtual-accounts';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';

/**
 * What the invoices context (issue 8) will use: a pool VA and a retail code reserved for an
 * invoice's transfer amount, paid by simulation, announced by events carrying the invoice id.
 */
describe('invoice hooks of virtual accounts and payment codes', () => {
  let gateway: TestApp;
  let business: ProvisionedBusiness;
  const context = () => ({ requestId: `req_${randomUUID()}`, actor: 'system:invoices' });

  beforeAll(async () => {
    gateway = await startTestApp();
    business = await provisionBusiness(gateway.app);
  });
  afterAll(async () => gateway?.close());

  const commands = () => gateway.app.get(CommandBus);
  const eventsOf = async (stream: string) => (await gateway.app.get<EventStore>(EVENT_STORE).readStream(stream)).map((e) => ({ type: e.type, data: e.data as any }));
  const expiresAt = () => new Date(Date.now() + 86_400_000);

  it('reserves a closed single-use pool VA for the transfer amount and pays it once', async () => {
    const id = business.business_id;
    const va = await commands().execute(new ReserveInvoiceVirtualAccountCommand(id, 'test', 'inv-1', 'order-1', 'MANDIRI', 'Budi', 3_000_000, expiresAt(), context()));
    expect(va).toMatchObject({ isClosed: true, expectedAmount: 3_000_000, isSingleUse: true, status: 'ACTIVE', origin: { kind: 'invoice', invoiceId: 'inv-1' } });
    await expect(
      commands().execute(new SimulateVirtualAccountPaymentCommand(id, 'test', 'MANDIRI', va.accountNumber, 2_000_000, context())),
    ).rejects.toMatchObject({ code: 'EXPECTED_AMOUNT_MISMATCH_ERROR' });
    const paid = await commands().execute(new SimulateVirtualAccountPaymentCommand(id, 'test', 'MANDIRI', va.accountNumber, 3_000_000, context()));
    expect(paid.payment.amount).toBe(3_000_000);
    const types = (await eventsOf(`fva-${va.vaId}`)).map((e) => e.type);
    expect(types).toEqual(['VirtualAccountCreated', 'VirtualAccountPaid', 'MoneyInReceived', 'VirtualAccountDeactivated']);
    const received = (await eventsOf(`fva-${va.vaId}`)).find((e) => e.type === 'MoneyInReceived')!;
    expect(received.data).toMatchObject({ source: { context: 'virtual-accounts', resourceId: va.vaId }, channel: 'MANDIRI', grossAmount: 3_000_000, settledBySource: false });
    // The pool account is readable like any other.
    const read = await call(gateway.baseUrl, business.test.secret_key, 'GET', `/callback_virtual_accounts/${va.vaId}`);
    expect(read.body).toMatchObject({ status: 'INACTIVE', expected_amount: 3_000_000 });
  });

  it('reserves a single-use retail code for the exact transfer amount', async () => {
    const id = business.business_id;
    const code = await commands().execute(new ReserveInvoicePaymentCodeCommand(id, 'test', 'inv-2', 'order-2', 'INDOMARET', 'Budi', 150_000, expiresAt(), context()));
    expect(code).toMatchObject({ expectedAmount: 150_000, isSingleUse: true, origin: { kind: 'invoice', invoiceId: 'inv-2' } });
    await expect(commands().execute(new SimulateRetailPaymentCommand(id, 'test', 'INDOMARET', code.paymentCode, 150_001, context()))).rejects.toMatchObject({
      code: 'EXPECTED_AMOUNT_MISMATCH_ERROR',
    });
    await commands().execute(new SimulateRetailPaymentCommand(id, 'test', 'INDOMARET', code.paymentCode, 150_000, context()));
    const events = await eventsOf(`fpc-${code.fpcId}`);
    expect(events.map((e) => e.type)).toEqual(['FixedPaymentCodeCreated', 'FixedPaymentCodePaid', 'MoneyInReceived', 'FixedPaymentCodeDeactivated']);
    expect(events[1].data.snapshot.origin).toEqual({ kind: 'invoice', invoiceId: 'inv-2' });
  });
});
