import type { ProvisionedBusiness } from '@gateway/accounts';
import Xendit from 'xendit-node';
import { provisionBusiness } from './support/test-business';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The merchant's own client, unchanged (xendit-node 1.22.0, pinned in devDependencies): its
 * customer calls must succeed against the gateway. It sends `API-VERSION: ''` unless told a
 * version, the flat 2020-05-19 body, and always `addresses: []` on update.
 */
describe('xendit-node 1.22.0 customer calls', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;

  beforeAll(async () => {
    gateway = await startTestApp();
    merchant = await provisionBusiness(gateway.app);
  });
  afterAll(async () => gateway?.close());

  const client = () => {
    const x = new Xendit({ secretKey: merchant.test.secret_key, xenditURL: gateway.baseUrl });
    return new x.Customer({});
  };

  it.each([undefined, '2020-05-19'])('runs the client integration flow with apiVersion %p', async (apiVersion) => {
    const customers = client();
    const referenceID = `${new Date().toISOString()}-${apiVersion ?? 'default'}`;
    const created: any = await customers.createCustomer({
      referenceID,
      givenNames: 'customer 1',
      email: 'customer@website.com',
      mobileNumber: '+6281212345678',
      description: 'dummy customer',
      middleName: 'middle',
      surname: 'surname',
      addresses: [
        {
          country: 'ID',
          streetLine1: 'Jalan Makan',
          city: 'Jakarta Selatan',
          province: 'DKI Jakarta',
          postalCode: '12160',
        },
      ],
      apiVersion,
    });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^cust-/),
      reference_id: referenceID,
      given_names: 'customer 1',
      middle_name: 'middle',
    });
    expect(created.addresses).toEqual([
      {
        country: 'ID',
        street_line1: 'Jalan Makan',
        street_line2: null,
        city: 'Jakarta Selatan',
        province: 'DKI Jakarta',
        state: null,
        postal_code: '12160',
      },
    ]);

    const fetched: any = await customers.getCustomer({ id: created.id, apiVersion });
    expect(fetched).toEqual(created);

    const byReference: any = await customers.getCustomerByReferenceID({
      referenceID: fetched.reference_id,
      apiVersion,
    });
    expect(byReference).toEqual([created]);

    const updated: any = await customers.updateCustomer({
      id: created.id,
      referenceID,
      givenNames: 'customer one',
      description: 'updated customer',
      apiVersion,
    });
    expect(updated).toMatchObject({
      id: created.id,
      given_names: 'customer one',
      description: 'updated customer',
      surname: 'surname',
      addresses: [],
    });
  });

  it('reports the gateway errors the way the client expects', async () => {
    const customers = client();
    await expect(customers.getCustomer({ id: 'cust-00000000-0000-0000-0000-000000000000' })).rejects.toMatchObject({
      status: 404,
      code: 'DATA_NOT_FOUND',
    });
    const referenceID = `dup-${Date.now()}`;
    await customers.createCustomer({ referenceID, givenNames: 'Dup', email: 'dup@example.com' });
    await expect(
      customers.createCustomer({ referenceID, givenNames: 'Dup', email: 'dup@example.com' }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'DUPLICATE_ERROR',
    });
  });
});
