import type { ProvisionedBusiness } from '@gateway/accounts';
import Xendit from 'xendit-node';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp } from './support/test-app';
import { provisionBusiness } from './support/test-business';

/**
 * The merchant's own client, unchanged (xendit-node 1.22.0): `EWallet.createPayment` for the
 * three types (with and without `xApiVersion`) and `EWallet.getPayment`, as its example runs them.
 */
describe('xendit-node 1.22.0 eWallet calls', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
  });
  afterAll(async () => gateway?.close());

  const client = () => {
    const x = new Xendit({ secretKey: merchant.test.secret_key, xenditURL: gateway.baseUrl });
    // Typed loosely on purpose: the client's typings declare `EWallet.Type` as plain strings but its
    // methods take non-exported enums; merchants call it from JavaScript with exactly these values.
    const ew: any = new x.EWallet({});
    return { ew, Type: x.EWallet.Type };
  };

  it('OVO as in the client example (account default version), then getPayment', async () => {
    const { ew, Type } = client();
    const created: any = await ew.createPayment({
      externalID: Date.now().toString(),
      amount: 1,
      phone: '081234567890',
      ewalletType: Type.OVO,
    });
    expect(created).toMatchObject({
      external_id: expect.any(String),
      amount: 1,
      ewallet_type: 'OVO',
      status: 'PENDING',
      business_id: merchant.business_id,
    });
    const fetched: any = await eventually(
      () => ew.getPayment({ externalID: created.external_id, ewalletType: created.ewallet_type }),
      (payment: any) => payment.status === 'COMPLETED',
    );
    expect(fetched).toMatchObject({
      external_id: created.external_id,
      ewallet_type: 'OVO',
      status: 'COMPLETED',
      amount: 1,
    });
  });

  it(
    'OVO with xApiVersion 2019-02-04 answers the completed payment; ' + 'a declined payer rejects with the error code',
    async () => {
      const { ew, Type } = client();
      const paid: any = await ew.createPayment({
        externalID: `ovo-${Date.now()}`,
        amount: 10_000,
        phone: '081234567890',
        ewalletType: Type.OVO,
        xApiVersion: '2019-02-04',
      });
      expect(paid).toMatchObject({ status: 'COMPLETED', ewallet_transaction_id: expect.stringMatching(/^ewallet_/) });
      await expect(
        ew.createPayment({
          externalID: `ovo-${Date.now()}-d`,
          amount: 10_000,
          phone: '081200000002',
          ewalletType: Type.OVO,
          xApiVersion: '2019-02-04',
        }),
      ).rejects.toMatchObject({ status: 400, code: 'USER_DECLINED_THE_TRANSACTION' });
    },
  );

  it('DANA with an expiration Date, then getPayment', async () => {
    const { ew, Type } = client();
    const expirationDate = new Date(Date.now() + 3_600_000);
    const created: any = await ew.createPayment({
      externalID: `dana-${Date.now()}`,
      amount: 1001,
      expirationDate,
      callbackURL: 'https://shop.example/callback',
      redirectURL: 'https://shop.example/redirect',
      ewalletType: Type.Dana,
    });
    expect(created).toEqual({
      external_id: expect.any(String),
      checkout_url: expect.stringContaining('/ewallets/checkout/'),
      amount: 1001,
      ewallet_type: 'DANA',
    });
    const fetched: any = await ew.getPayment({ externalID: created.external_id, ewalletType: Type.Dana });
    expect(fetched).toMatchObject({
      status: 'PENDING',
      expiration_date: expirationDate.toISOString(),
      checkout_url: created.checkout_url,
    });
  });

  it('LINKAJA with items', async () => {
    const { ew, Type } = client();
    const created: any = await ew.createPayment({
      externalID: `linkaja-${Date.now()}`,
      phone: '081234567890',
      amount: 300_000,
      items: [
        { id: '123123', name: 'Phone Case', price: 100_000, quantity: 1 },
        { id: '345678', name: 'Powerbank', price: 200_000, quantity: 1 },
      ],
      callbackURL: 'https://shop.example/callback',
      redirectURL: 'https://shop.example/redirect',
      ewalletType: Type.LinkAja,
    });
    expect(created).toMatchObject({
      checkout_url: expect.any(String),
      transaction_date: expect.any(String),
      amount: 300_000,
      ewallet_type: 'LINKAJA',
    });
  });

  it("surfaces the gateway's errors through the client (duplicate, validation)", async () => {
    const { ew, Type } = client();
    const externalID = `dup-${Date.now()}`;
    const request = {
      externalID,
      amount: 5000,
      callbackURL: 'https://shop.example/cb',
      redirectURL: 'https://shop.example/r',
      ewalletType: Type.Dana,
    };
    await ew.createPayment(request);
    await expect(ew.createPayment(request)).rejects.toMatchObject({ status: 400, code: 'DUPLICATE_ERROR' });
    await expect(
      ew.createPayment({ externalID: 'x', amount: 5000, phone: '+6281234567890', ewalletType: Type.OVO }),
    ).rejects.toMatchObject({
      status: 422,
      code: 'API_VALIDATION_ERROR',
    });
  });
});
