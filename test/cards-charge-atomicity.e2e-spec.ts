import { type CardChargeOrder, type CardTokenCharged, cardTokenStream, TOKEN_USE_FOLLOWER } from '@gateway/cards';
import { EVENT_STORE, type EventStore } from '@gateway/event-store';
import type { ProvisionedBusiness } from '@gateway/accounts';
import { randomUUID } from 'node:crypto';
import { TEST_CARDS, tokenize, verifiedToken } from './support/cards';
import { eventually } from './support/eventually';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';

/**
 * Issue 18, item 7: a charge's token use is its commit point. The use's uniqueness is guarded by
 * the token stream alone (several api instances racing on one token: one charge), and a use
 * committed without its charge (the request's process died in between; the crash itself is
 * `test/reliability/cards-crash.reliability-spec.ts`) gets its charge from the token-use follower.
 */
describe('create-charge: one commit point', () => {
  let gateway: TestApp;
  let second: TestApp;
  let merchant: ProvisionedBusiness;

  const chargeEvents = async (tokenId: string) =>
    (
      await gateway.db.pool.query<{ stream_name: string; type: string }>(
        `SELECT stream_name, type FROM es_events
          WHERE stream_name IN (SELECT stream_name FROM es_events WHERE type = 'CardChargeCreated' AND ` +
          `data->>'tokenId' = $1)
          ORDER BY tx_id, position`,
        [tokenId],
      )
    ).rows;
  const tokenUses = async (tokenId: string) =>
    (
      await gateway.db.pool.query(
        `SELECT event_id FROM es_events WHERE stream_name = $1 AND type = 'CardTokenCharged'`,
        [cardTokenStream(tokenId)],
      )
    ).rows;

  beforeAll(async () => {
    gateway = await startTestApp();
    // A second api on the same database (its own pool, combiners and Nest app), as a second process would be.
    second = await startTestApp({ databaseUrl: gateway.db.url, withWorker: false });
    merchant = await provisionBusiness(gateway.app);
  });
  afterAll(async () => {
    await second?.close();
    await gateway?.close();
  });

  it(
    '20 charges of one single-use token across two api instances: ' + 'exactly one succeeds, one use, one charge',
    async () => {
      const token = await verifiedToken(gateway.baseUrl, merchant.test.public_key, 30_000);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(
            i % 2 === 0 ? gateway.baseUrl : second.baseUrl,
            merchant.test.secret_key,
            'POST',
            '/credit_card_charges',
            {
              body: { token_id: token.id, external_id: `race-${i}`, amount: 30_000 },
            },
          ),
        ),
      );
      const succeeded = results.filter((r) => r.status === 200);
      expect(succeeded).toHaveLength(1);
      for (const refused of results.filter((r) => r.status !== 200)) {
        expect(refused).toMatchObject({
          status: 400,
          body: { error_code: expect.stringMatching(/^(TOKEN_ALREADY_USED_ERROR|AUTHENTICATION_ALREADY_USED_ERROR)$/) },
        });
      }
      expect(await tokenUses(token.id)).toHaveLength(1);
      const created = (await chargeEvents(token.id)).filter((event) => event.type === 'CardChargeCreated');
      expect(created).toEqual([{ stream_name: `cardcharge-${succeeded[0].body.id}`, type: 'CardChargeCreated' }]);
    },
  );

  it(
    'a token use committed without its charge (a crash in between) gets its charge from the follower, once, ' +
      'also when the follower replays the log',
    async () => {
      const store = gateway.app.get<EventStore>(EVENT_STORE);
      const token = await tokenize(gateway.baseUrl, merchant.test.public_key, TEST_CARDS.notEnrolledMastercard, {
        amount: 64_000,
      });
      expect(token.body.status).toBe('VERIFIED');
      const history = await store.readStream(cardTokenStream(token.body.id));
      const authenticationId = (
        history.find((event) => event.type === 'CardAuthenticationVerified')!.data as { authenticationId: string }
      ).authenticationId;
      const chargeId = randomUUID().replace(/-/g, '').slice(0, 24);
      const externalId = `orphan-${randomUUID()}`;
      const at = new Date().toISOString();
      // What create-charge commits before it dies: the token's use, carrying the whole order.
      const order: CardChargeOrder = {
        snapshot: {
          chargeId,
          businessId: merchant.business_id,
          mode: 'test',
          tokenId: token.body.id,
          externalId,
          amount: 64_000,
          currency: 'IDR',
          maskedCardNumber: token.body.masked_card_number,
          cardBrand: 'MASTERCARD',
          cardType: 'CREDIT',
          chargeType: 'SINGLE_USE_TOKEN',
          merchantReferenceCode: randomUUID().replace(/-/g, '').slice(0, 24),
          bankReconciliationId: '1234567890123456789012',
          createdAt: at,
        },
        capture: true,
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 3,
        fraudDetection: false,
        fee: 1856,
        feeTax: 204,
      };
      const use: CardTokenCharged = {
        type: 'CardTokenCharged',
        data: { tokenId: token.body.id, chargeId, authenticationId, eci: '01', chargedAt: at, charge: order },
      };
      await store.append(
        cardTokenStream(token.body.id),
        [
          {
            id: randomUUID(),
            type: use.type,
            data: use.data,
            metadata: {
              correlationId: 'req_crashed',
              actor: 'key_crashed',
              occurredAt: at,
              businessId: merchant.business_id,
              mode: 'test',
            },
          },
        ],
        history.at(-1)!.revision,
      );

      const got = await eventually(
        () => call(gateway.baseUrl, merchant.test.secret_key, 'GET', `/credit_card_charges/${chargeId}`),
        (r) => r.status === 200,
      );
      expect(got.body).toMatchObject({
        id: chargeId,
        status: 'CAPTURED',
        external_id: externalId,
        authorized_amount: 64_000,
        capture_amount: 64_000,
        eci: '1',
        authentication_id: authenticationId,
      });
      // The charge's money-in is recorded with it, with the fee the order fixed.
      expect(await chargeEvents(token.body.id)).toEqual([
        { stream_name: `cardcharge-${chargeId}`, type: 'CardChargeCreated' },
        { stream_name: `cardcharge-${chargeId}`, type: 'MoneyInReceived' },
      ]);
      // The token is spent: no second charge with it.
      expect(
        await call(gateway.baseUrl, merchant.test.secret_key, 'POST', '/credit_card_charges', {
          body: { token_id: token.body.id, external_id: externalId, amount: 64_000 },
        }),
      ).toMatchObject({
        status: 400,
        body: { error_code: 'TOKEN_ALREADY_USED_ERROR' },
      });

      // Replaying the whole log through the follower creates nothing twice.
      const last = (await store.readAll({ maxCount: 1_000_000 })).at(-1)!.position;
      await gateway.db.pool.query(
        `UPDATE projection_checkpoints SET commit_pos = 0, prepare_pos = 0, events_seen = 0 WHERE name = $1`,
        [TOKEN_USE_FOLLOWER],
      );
      await gateway.db.pool.query(`SELECT pg_notify('projection_reset', $1)`, [TOKEN_USE_FOLLOWER]);
      await eventually(
        () =>
          gateway.db.pool
            .query('SELECT commit_pos::text, prepare_pos::text FROM projection_checkpoints WHERE name = $1', [
              TOKEN_USE_FOLLOWER,
            ])
            .then((r) => r.rows[0]),
        (row) =>
          BigInt(row.commit_pos) > last.commit ||
          (BigInt(row.commit_pos) === last.commit && BigInt(row.prepare_pos) >= last.prepare),
        30_000,
      );
      expect(await chargeEvents(token.body.id)).toHaveLength(2);
    },
  );
});
