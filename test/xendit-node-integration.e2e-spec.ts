import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';

/**
 * The public client `xendit-node` 1.22.0 runs its OWN integration tests (`integration_test/*.test.js`
 * in the package, unchanged) against the gateway, for every module within the spec. Each runs as
 * a fresh business's test key, the way the client's `index.js` runs them against the real service.
 * Not run: card (it reads a charge id of the real service's account and creates card promotions,
 * which the spec does not have), ewallet (the eWallet charges API, not the spec's eWallet
 * payments), the PH, QR code, direct debit, payout, payment request/method, transaction and
 * platform modules (outside the spec).
 */
describe("xendit-node 1.22.0's own integration tests", () => {
  let gateway: TestApp;

  beforeAll(async () => {
    gateway = await startTestApp();
  });
  afterAll(async () => gateway?.close());

  /** Runs `integration_test/<module>.test.js` as it ships, with SECRET_KEY and XENDIT_URL set as its dotenv would. */
  const runOwnTest = async (module: string, secretKey: string) => {
    const saved = { SECRET_KEY: process.env.SECRET_KEY, XENDIT_URL: process.env.XENDIT_URL };
    Object.assign(process.env, { SECRET_KEY: secretKey, XENDIT_URL: gateway.baseUrl });
    try {
      let integrationTest!: () => Promise<void>;
      jest.isolateModules(() => {
        // dotenv is a dev dependency of the client, not installed with it: the environment is set already.
        jest.doMock('dotenv', () => ({ config: () => ({}) }), { virtual: true });
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded inside jest.isolateModules
        integrationTest = require(`xendit-node/integration_test/${module}.test.js`);
      });
      await integrationTest();
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  };

  it.each(['invoice', 'va', 'recurring', 'balance', 'retail_outlet', 'customer', 'report'])('%s', async (module) => {
    const business = await provisionBusiness(gateway.app);
    await expect(runOwnTest(module, business.test.secret_key)).resolves.toBeUndefined();
  });

  it('disbursement (with a funded balance: six disbursements of 10,000)', async () => {
    const business = await provisionBusiness(gateway.app);
    expect(
      (
        await call(gateway.baseUrl, business.test.secret_key, 'POST', '/balance/top_up', {
          body: { amount: 1_000_000 },
        })
      ).status,
    ).toBe(200);
    await expect(runOwnTest('disbursement', business.test.secret_key)).resolves.toBeUndefined();
  });
});
