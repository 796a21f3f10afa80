import { AdvanceTestClockCommand } from '@gateway/accounts';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { gatewayWithReceiver } from './support/gateway-with-receiver';
import { call, provisionBusiness } from './support/test-business';

describe('disbursement callbacks', () => {
  const running = gatewayWithReceiver();

  it('sends the finished disbursement (completed and failed) to the disbursement URL, as GET shows it', async () => {
    const business = await provisionBusiness(running.gateway.app);
    const api = (method: string, path: string, body?: unknown) =>
      call(running.gateway.baseUrl, business.test.secret_key, method, path, { body });
    expect((await api('POST', '/callback_urls/disbursement', { url: `${running.receiver.url}/payouts` })).status).toBe(
      200,
    );
    expect((await api('POST', '/balance/top_up', { amount: 10_000_000 })).status).toBe(200);

    const request = (accountNumber: string) => ({
      external_id: `payout-${randomUUID()}`,
      bank_code: 'BCA',
      account_holder_name: 'Siti Rahma',
      account_number: accountNumber,
      description: 'Refund of order 7',
      amount: 125_000,
    });
    const completed = await api('POST', '/disbursements', request('1234567890'));
    const failed = await api('POST', '/disbursements', request('9999000002'));
    expect([completed.status, failed.status]).toEqual([200, 200]);
    // Past every operating window, whatever the hour of the run.
    await running.gateway.app
      .get(CommandBus)
      .execute(
        new AdvanceTestClockCommand(business.business_id, 4 * 86_400_000, { requestId: 'req_t', actor: 'system:test' }),
      );

    const callbacks = await running.receiver.waitForCount(2, 20_000);
    const byId = new Map(callbacks.map((c) => [c.json.id, c]));
    for (const [created, status] of [
      [completed.body, 'COMPLETED'],
      [failed.body, 'FAILED'],
    ] as const) {
      const callback = byId.get(created.id)!;
      expect(callback.path).toBe('/payouts');
      expect(callback.headers['x-callback-token']).toBe(business.test.callback_token);
      const current = (await api('GET', `/disbursements/${created.id}`)).body;
      expect(current.status).toBe(status);
      expect(callback.json).toEqual({
        id: created.id,
        user_id: business.business_id,
        external_id: created.external_id,
        amount: 125_000,
        bank_code: 'BCA',
        account_holder_name: 'Siti Rahma',
        disbursement_description: 'Refund of order 7',
        status,
        ...(status === 'FAILED' && { failure_code: 'REJECTED_BY_BANK' }),
        is_instant: current.is_instant,
        created: current.created,
        updated: current.updated,
      });
      expect(callback.body).not.toContain('9999000002');
    }
    const log = await api('GET', `/callback_deliveries?callback_type=disbursement&resource_id=${failed.body.id}`);
    expect(log.body.data).toEqual([expect.objectContaining({ status: 'succeeded', event_type: 'DisbursementFailed' })]);
  });
});
