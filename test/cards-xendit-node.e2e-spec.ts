import type { ProvisionedBusiness } from '@gateway/accounts';
import Xendit from 'xendit-node';
import { TEST_CARDS, tokenize, verifiedToken } from './support/cards';
import { startTestApp, type TestApp } from './support/test-app';
import { provisionBusiness } from './support/test-business';

/**
 * The merchant's own client, unchanged (xendit-node 1.22.0): its card calls (charge,
 * authorization, capture, reversal, refund, get) succeed against the gateway. Tokens come from
 * the public-key endpoint, as cards.js would make them in the payer's browser.
 */
describe('xendit-node 1.22.0 card calls', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
  });
  afterAll(async () => gateway?.close());

  const cards = () => {
    const x = new Xendit({ secretKey: merchant.test.secret_key, xenditURL: gateway.baseUrl });
    return new x.Card({});
  };

  it('createCharge, getCharge, createRefund (with an idempotency key)', async () => {
    const token = await verifiedToken(gateway.baseUrl, merchant.test.public_key, 75_000);
    const charge: any = await cards().createCharge({
      tokenID: token.id,
      externalID: 'xendit-node-charge',
      amount: 75_000,
      authID: token.authentication_id,
      cardCVN: '123',
    } as any);
    expect(charge).toMatchObject({
      status: 'CAPTURED',
      authorized_amount: 75_000,
      capture_amount: 75_000,
      external_id: 'xendit-node-charge',
    });
    const fetched: any = await cards().getCharge({ chargeID: charge.id });
    expect(fetched).toEqual(charge);
    await fetch(`${gateway.baseUrl}/balance/top_up`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${merchant.test.secret_key}:`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ amount: 1_000_000 }),
    });
    const refund: any = await cards().createRefund({
      chargeID: charge.id,
      amount: 5000,
      externalID: 'xendit-node-refund',
      xIdempotencyKey: 'xendit-node-refund-key',
    });
    expect(refund).toMatchObject({
      credit_card_charge_id: charge.id,
      amount: 5000,
      status: 'PENDING',
      external_id: 'xendit-node-refund',
    });
    const replayed: any = await cards().createRefund({
      chargeID: charge.id,
      amount: 5000,
      externalID: 'xendit-node-refund',
      xIdempotencyKey: 'xendit-node-refund-key',
    });
    expect(replayed.id).toBe(refund.id);
  });

  it('createAuthorization, captureCharge; createAuthorization, reverseAuthorization', async () => {
    const token = await verifiedToken(gateway.baseUrl, merchant.test.public_key, 40_000, TEST_CARDS.enrolledMastercard);
    const authorization: any = await cards().createAuthorization({
      tokenID: token.id,
      externalID: 'xendit-node-auth',
      amount: 40_000,
      authID: token.authentication_id,
    });
    expect(authorization.status).toBe('AUTHORIZED');
    const captured: any = await cards().captureCharge({ chargeID: authorization.id, amount: 25_000 });
    expect(captured).toMatchObject({ status: 'CAPTURED', capture_amount: 25_000 });

    const reusable = (
      await tokenize(gateway.baseUrl, merchant.test.public_key, TEST_CARDS.notEnrolledMastercard, { amount: 10_000 })
    ).body;
    const second: any = await cards().createAuthorization({
      tokenID: reusable.id,
      externalID: 'xendit-node-auth-2',
      amount: 10_000,
    });
    const reversal: any = await cards().reverseAuthorization({
      chargeID: second.id,
      externalID: 'xendit-node-reversal',
    });
    expect(reversal).toMatchObject({
      status: 'SUCCEEDED',
      credit_card_charge_id: second.id,
      external_id: 'xendit-node-reversal',
    });
  });

  it('errors reach the client as its own error objects with the spec code', async () => {
    await expect(cards().getCharge({ chargeID: '0123456789abcdef01234567' })).rejects.toMatchObject({
      status: 404,
      code: 'CREDIT_CARD_CHARGE_NOT_FOUND_ERROR',
    });
    await expect(
      cards().createCharge({ tokenID: 'undefined', externalID: 'x', amount: 1 } as any),
    ).rejects.toMatchObject({ status: 400, code: 'INVALID_TOKEN_ID_ERROR' });
  });
});
