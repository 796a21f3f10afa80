import type { ProvisionedBusiness } from '@gateway/accounts';
import { JsonLogger } from '@gateway/http-edge';
import { randomUUID } from 'node:crypto';
import { answerChallenge, FUTURE_YEAR, TEST_CARDS, updateTestSettings } from './support/cards';
import { startTestApp, type TestApp } from './support/test-app';
import { call, provisionBusiness } from './support/test-business';

/**
 * Card data is the most sensitive thing the gateway touches: after a whole card journey (every
 * tokenization path, 3DS, charges, captures, reversal, refunds, callbacks, errors echoing input),
 * neither the full card number nor the CVN is anywhere but the vault's ciphertext: not in an
 * event, not in any table, not in a log line.
 */
describe('no card number or CVN at rest or in logs', () => {
  let gateway: TestApp;
  let merchant: ProvisionedBusiness;
  const logLines: string[] = [];
  const CARDS = [
    TEST_CARDS.enrolledVisa,
    TEST_CARDS.enrolledMastercard,
    TEST_CARDS.failingVisa,
    TEST_CARDS.notEnrolledMastercard,
    TEST_CARDS.timingOutVisa,
  ];
  const AMEX = TEST_CARDS.amex;
  const CVN = '739';
  const AMEX_CVN = '7319';

  beforeAll(async () => {
    const logger = new JsonLogger({ level: 'debug', write: (line) => logLines.push(line) });
    gateway = await startTestApp({
      env: { CARD_ENABLE_AMEX: 'true', LOG_LEVEL: 'debug', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
      logger,
    });
    merchant = await provisionBusiness(gateway.app);
    await updateTestSettings(gateway.app, merchant.business_id, { optionalAuthentication: true });
  });
  afterAll(async () => gateway?.close());

  it('runs a card journey, then finds neither in any table nor in the logs', async () => {
    const api = (method: string, path: string, body?: unknown) =>
      call(gateway.baseUrl, merchant.test.secret_key, method, path, { body });
    const tokenize = (body: unknown) =>
      call(gateway.baseUrl, merchant.test.public_key, 'POST', '/v2/credit_card_tokens', { body });
    expect((await api('POST', '/balance/top_up', { amount: 1_000_000 })).status).toBe(200);
    for (const card of [...CARDS, AMEX]) {
      const cvn = card === AMEX ? AMEX_CVN : CVN;
      const data = { account_number: card, exp_month: '11', exp_year: FUTURE_YEAR, cvn };
      const single = await tokenize({ is_single_use: true, card_data: data, amount: 50_000, card_cvn: cvn });
      // The timing-out card answers 408 VERIFICATION_TIMEOUT_ERROR when 3DS is asked for (spec's test cards).
      expect(single.status).toBe(card === TEST_CARDS.timingOutVisa ? 408 : 200);
      expect(JSON.stringify(single.body)).not.toContain(card);
      if (single.body.status === 'IN_REVIEW')
        await answerChallenge(gateway.baseUrl, single.body.authentication_id, 'complete');
      const multiple = await tokenize({
        is_single_use: false,
        card_data: data,
        card_cvn: cvn,
        should_authenticate: false,
      });
      expect(multiple.status).toBe(200);
      // Errors that carry the card data back must not echo it either.
      expect(
        JSON.stringify(
          await tokenize({ is_single_use: true, card_data: { ...data, exp_month: '13' }, amount: 1, card_cvn: cvn }),
        ),
      ).not.toContain(card);
      expect(
        JSON.stringify(await tokenize({ card_data: { ...data, account_number: `${card.slice(0, -1)}9` }, amount: 1 })),
      ).not.toContain(card.slice(0, -1));
      const charged = await api('POST', '/credit_card_charges', {
        token_id: multiple.body.id,
        external_id: `o-${randomUUID()}`,
        amount: 40_000,
        card_cvn: cvn,
      });
      expect(charged.body.status).toBe('CAPTURED');
      const authorized = await api('POST', '/credit_card_charges', {
        token_id: multiple.body.id,
        external_id: `a-${randomUUID()}`,
        amount: 30_000,
        capture: false,
        card_cvn: cvn,
      });
      await api('POST', `/credit_card_charges/${authorized.body.id}/capture`, { amount: 20_000 });
      const reversed = await api('POST', '/credit_card_charges', {
        token_id: multiple.body.id,
        external_id: `r-${randomUUID()}`,
        amount: 10_000,
        capture: false,
      });
      await api('POST', `/credit_card_charges/${reversed.body.id}/auth_reversal`, { external_id: 'rev' });
      const refund = await call(
        gateway.baseUrl,
        merchant.test.secret_key,
        'POST',
        `/credit_card_charges/${charged.body.id}/refunds`,
        {
          body: { amount: 5000, external_id: `rf-${randomUUID()}` },
          headers: { 'api-version': '2019-05-01' },
        },
      );
      expect(refund.body.status).toBe('SUCCEEDED');
    }

    const haystacks: Array<{ where: string; text: string }> = [];
    const { rows: tables } = await gateway.db.pool.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ` +
        `ORDER BY table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['card_vault', 'card_tokens', 'card_charges', 'card_refunds', 'card_authentications']),
    );
    for (const { table_name } of tables) {
      const { rows } = await gateway.db.pool.query<{ row: string }>(
        `SELECT row_to_json(t)::text AS row FROM "${table_name}" t`,
      );
      haystacks.push({ where: `table ${table_name}`, text: rows.map((r) => r.row).join('\n') });
    }
    haystacks.push({ where: 'logs', text: logLines.join('\n') });
    expect(logLines.length).toBeGreaterThan(50);

    const allEvents = haystacks.find(
      (h) =>
        h.where.startsWith('table events') ||
        h.where === 'table event_store_events' ||
        h.text.includes('CardTokenCreated'),
    );
    expect(allEvents?.text).toContain('400000XXXXXX0002'); // the scan does read the events

    for (const card of [...CARDS, AMEX]) {
      const hex = Buffer.from(card, 'utf8').toString('hex');
      for (const { where, text } of haystacks) {
        expect({ where, found: text.includes(card) }).toEqual({ where, found: false });
        expect({ where, hex: text.includes(hex) }).toEqual({ where, hex: false });
      }
    }
    for (const { where, text } of haystacks) {
      // In logs any shape counts; in table rows a 3-digit number is also a log position or a
      // revision, so rows are checked for the CVN as a string value and for a field named like one.
      const shapes = (cvn: string) =>
        where === 'logs' ? [`"${cvn}"`, `=${cvn}`, `: ${cvn}`, `:${cvn}`] : [`"${cvn}"`];
      for (const cvn of [CVN, AMEX_CVN]) {
        for (const shape of shapes(cvn))
          expect({ where, shape, found: text.includes(shape) }).toEqual({ where, shape, found: false });
      }
      expect({ where, cvnField: /"(card_)?cv[nv]"\s*:\s*"?\d/i.test(text) }).toEqual({ where, cvnField: false });
    }
  });
});
